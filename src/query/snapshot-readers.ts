// The two index readers of status's snapshot: one that records what status asked the SQLite index (build
// summaries, the builds' units once, meta, counts, indexed files, content coverage, the lookups of headers not found) as JSON, and one that answers those same calls from the
// recording; any other call, or one it did not record, throws SnapshotMiss (status then asks the index).
import { isDeepStrictEqual } from 'node:util';
import type { IndexReader } from '../index/index-reader.js';

/** A call the snapshot cannot answer: status answers from the index instead. */
export class SnapshotMiss extends Error {}

/** Recorded answers: the call (method, argument) → its value as JSON. */
export type Answers = Map<string, string>;

type Methods = Record<string | symbol, unknown>;

const callKey = (method: string, arg?: number) => `${method}:${arg ?? ''}`;

/** Every property the target lacks is a call the snapshot cannot answer. */
function missElsewhere<T extends Methods>(target: T): T {
  return new Proxy(target, {
    get: (t, p) =>
      p in t
        ? t[p]
        : () => {
            throw new SnapshotMiss(`not in the status snapshot: ${String(p)}`);
          },
  });
}

/** Answers the recorded calls; anything else throws SnapshotMiss. */
export function replayReader(answers: Answers): IndexReader {
  const answer = (key: string): unknown => {
    const json = answers.get(key);
    if (json === undefined) throw new SnapshotMiss(`not in the status snapshot: ${key}`);
    return JSON.parse(json);
  };
  const reader = {
    unreadable: () => answer(callKey('unreadable')),
    meta: () => answer(callKey('meta')),
    buildSummaries: () => answer(callKey('buildSummaries')),
    unitsOfBuilds: () => answer(callKey('unitsOfBuilds')),
    counts: (buildId?: number) => answer(callKey('counts', buildId)),
    files: (buildId?: number) => answer(callKey('files', buildId)),
    absentLookups: (buildId: number) => answer(callKey('absentLookups', buildId)),
    absentLookupUnits: (buildId: number) => answer(callKey('absentLookupUnits', buildId)),
    content: () => missElsewhere({ coverage: () => answer(callKey('coverage')) }),
    close: () => {},
  };
  return missElsewhere(reader) as unknown as IndexReader;
}

/**
 * `real`, with the answers of the calls replayReader answers recorded into `answers`. A call that throws, or
 * whose value JSON would not give back equal, is not recorded (a later status asks the index for it again).
 */
export function recordingReader(real: IndexReader, answers: Answers): IndexReader {
  const recorded = <T>(key: string, value: T): T => {
    const json = JSON.stringify(value);
    if (json !== undefined && isDeepStrictEqual(JSON.parse(json), value)) answers.set(key, json);
    return value;
  };
  const own: Methods = {
    unreadable: () => recorded(callKey('unreadable'), real.unreadable()),
    meta: () => recorded(callKey('meta'), real.meta()),
    buildSummaries: () => recorded(callKey('buildSummaries'), real.buildSummaries()),
    unitsOfBuilds: () => recorded(callKey('unitsOfBuilds'), real.unitsOfBuilds()),
    counts: (buildId?: number) => recorded(callKey('counts', buildId), real.counts(buildId)),
    files: (buildId?: number) => recorded(callKey('files', buildId), real.files(buildId)),
    absentLookups: (buildId: number) => recorded(callKey('absentLookups', buildId), real.absentLookups(buildId)),
    absentLookupUnits: (buildId: number) => recorded(callKey('absentLookupUnits', buildId), real.absentLookupUnits(buildId)),
    content: () => {
      const content = real.content();
      return new Proxy(content, {
        get: (t, p) => (p === 'coverage' ? () => recorded(callKey('coverage'), t.coverage()) : bound(t, p)),
      });
    },
  };
  return new Proxy(real, { get: (t, p) => (p in own ? own[p] : bound(t, p)) });
}

function bound<T extends object>(target: T, p: string | symbol): unknown {
  const v = (target as Methods)[p];
  return typeof v === 'function' ? v.bind(target) : v;
}

// The keeper's copy of the builds' lookups of headers not found (query/appeared-headers.ts), read from the index once
// per state of its file rather than on every check: a poll or a watcher event then lists the folders they searched
// and reads no tested list. Leaves the probing to AbsentProbe, made anew per check.
import type { IndexReader } from '../index/index-reader.js';
import { indexPath } from '../project/config.js';
import type { LookupsReader } from '../query/appeared-headers.js';
import { indexIdentity } from '../query/status-snapshot.js';

type Lookups = ReturnType<IndexReader['absentLookups']>;
type Units = ReturnType<IndexReader['absentLookupUnits']>;

export class AbsentLookupsMemo {
  /** The identity of the index file the memos were read from (status-snapshot.ts: index.db and its WAL). */
  private state: string | null = null;
  private readonly byBuild = new Map<number, { lookups?: Lookups; units?: Units }>();

  /** `reader`'s answers, remembered while the index file of `root` keeps its identity. */
  over(root: string, reader: IndexReader): LookupsReader {
    const state = indexIdentity(indexPath(root));
    if (state === null || state !== this.state) {
      this.byBuild.clear();
      this.state = state;
    }
    const memo = (id: number) => this.byBuild.get(id) ?? this.byBuild.set(id, {}).get(id)!;
    return {
      absentLookups: (id) => (memo(id).lookups ??= reader.absentLookups(id)),
      absentLookupUnits: (id) => (memo(id).units ??= reader.absentLookupUnits(id)),
    };
  }
}

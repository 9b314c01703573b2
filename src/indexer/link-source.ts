// The file a build's link command was read from, as its record keeps it: size, mtime and a sha1 of the link edge's
// text only (build.ninja: its `build <output>:` line and indented variable lines; a link.txt whole), so that status
// sees a reconfigure that changed only the link command, and a build.ninja rewritten around the same edge does not
// count. Leaves out outputs written with ninja variables: such an edge is not found, nothing is known, never stale.
import fs from 'node:fs';
import type { LinkSourceInput } from '../index/index-reader.js';
import { sha1 } from '../model/sha1.js';
import { UNTRUSTED_MTIME } from './file-states.js';
import { recordedStat } from './record-inputs.js';
import { absolutePath, storedPath } from './vendor-paths.js';

/** Where a link command was read (the adapters' BuildDescription.linkSource): the file, and the edge's output in a build.ninja. */
export interface LinkSourceRef {
  file: string;
  output?: string;
}

const NL = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;
const DOLLAR = 0x24;

/** A path as a build line writes it: `$`, space and `:` escaped with `$`. */
function ninjaEscaped(p: string): string {
  return p.replace(/[$ :]/g, (c) => `$${c}`);
}

/** Whether the output written at `i` ends there: `:`, a separator, `|`, or a `$` line continuation. */
function outputEndsAt(bytes: Buffer, i: number): boolean {
  const c = bytes[i];
  if (c === 0x3a || c === SPACE || c === TAB || c === 0x7c) return true;
  return c === DOLLAR && (bytes[i + 1] === NL || (bytes[i + 1] === CR && bytes[i + 2] === NL));
}

/** The end of the line ending at `nl` continues on the next (an odd run of `$` before the newline). */
function continues(bytes: Buffer, nl: number): boolean {
  let j = nl - 1;
  if (bytes[j] === CR) j--;
  let dollars = 0;
  while (j >= 0 && bytes[j] === DOLLAR) { dollars++; j--; }
  return dollars % 2 === 1;
}

/** Where the edge starting at `start` ends: after its build line (with continuations) and the indented lines after it. */
function edgeEnd(bytes: Buffer, start: number): number {
  let i = start;
  for (;;) {
    const nl = bytes.indexOf(NL, i);
    if (nl < 0) return bytes.length;
    const continued = continues(bytes, nl);
    i = nl + 1;
    if (!continued && bytes[i] !== SPACE && bytes[i] !== TAB) return i;
  }
}

/** The link edge writing `output` first in a build.ninja's bytes (its build line and indented lines); undefined when none does. */
export function linkEdgeText(bytes: Buffer, output: string): Buffer | undefined {
  const head = Buffer.from(`build ${ninjaEscaped(output)}`);
  for (let at = bytes.indexOf(head); at >= 0; at = bytes.indexOf(head, at + 1)) {
    if ((at === 0 || bytes[at - 1] === NL) && outputEndsAt(bytes, at + head.length)) return bytes.subarray(at, edgeEnd(bytes, at));
  }
  return undefined;
}

/** The link source as it stands now: size and mtime (untrusted within RACY_MS of now) and the digest of the edge's text. */
export function readLinkSource(root: string, source: LinkSourceRef): LinkSourceInput {
  const output = source.output ?? null;
  const stat = recordedStat(root, source.file);
  if (stat.size === null) return { ...stat, output, digest: null };
  let digest: string | null = null;
  try {
    const bytes = fs.readFileSync(source.file);
    const text = output === null ? bytes : linkEdgeText(bytes, output);
    digest = text ? sha1(text) : null;
  } catch {
    digest = null;
  }
  return { ...stat, output, digest };
}

/** The recorded source still holds by size and mtime (nothing read). */
function statHolds(root: string, recorded: LinkSourceInput): boolean {
  if (recorded.mtimeMs === UNTRUSTED_MTIME || recorded.size === null) return false;
  const st = fs.statSync(absolutePath(root, recorded.path), { throwIfNoEntry: false });
  return !!st && st.size === recorded.size && st.mtimeMs === recorded.mtimeMs;
}

/** What the record is to keep now for the build's link source: the recorded one while it holds by size and mtime, else read again; null: none. */
export function linkSourceNow(root: string, source: LinkSourceRef | undefined, recorded: LinkSourceInput | null | undefined): LinkSourceInput | null {
  if (!source) return null;
  const same = recorded && recorded.path === storedPath(root, source.file) && recorded.output === (source.output ?? null);
  return same && statHolds(root, recorded) ? recorded : readLinkSource(root, source);
}

/** Whether two recorded link sources differ (a missing one is none). */
export function linkSourceMoved(a: LinkSourceInput | null | undefined, b: LinkSourceInput | null | undefined): boolean {
  return JSON.stringify(a ?? null) !== JSON.stringify(b ?? null);
}

/**
 * Whether the link command a record was read with changed in its file since (status): false while the file's size
 * and mtime hold (nothing read) or when nothing was known (no digest); else the edge is read again and compared.
 */
export function linkSourceChanged(root: string, recorded: LinkSourceInput | null | undefined): boolean {
  if (!recorded || recorded.digest === null || statHolds(root, recorded)) return false;
  return readLinkSource(root, { file: absolutePath(root, recorded.path), output: recorded.output ?? undefined }).digest !== recorded.digest;
}

// Row encodings of the runs of file reads that many unit results share (see SharedReads in unit-result.ts):
// each run's [file, hash] JSON and view hashes made once per stored form of paths, copied whole into every row.
import type { SharedReads, UnitFileRead } from '../preprocessor/unit-result.js';
import type { ViewEncoding } from './view-encodings.js';

/** A shared run of reads as a result's row stores it. */
export interface RunEncoding {
  storedPath: (file: string) => string;
  /** The [file, hash] pairs' JSON, comma-separated, as UTF-8. */
  filesBytes: Buffer;
  viewHashes: string[];
  /** The view hashes as bytes, and joined as hex text (its bytes). */
  bytes: Buffer;
  hexBytes: Buffer;
  jsons: string[];
  /** The last map of view JSON the run's views were added to. */
  addedTo: Map<string, string> | undefined;
}

/** How a row encodes one read: its [file, hash] JSON (paths in stored form) and its view's encoding. */
export type ReadEncoder = (read: UnitFileRead, storedPath: (file: string) => string) => { pair: string; view: ViewEncoding };

const runEncodings = new WeakMap<readonly UnitFileRead[], RunEncoding>();

/** Whether `files` holds the reads of a shared run where it says (and the run is not empty). */
function holdsRun(files: UnitFileRead[], shared: SharedReads): boolean {
  const reads = shared.reads;
  if (reads.length === 0 || shared.at + reads.length > files.length) return false;
  for (let k = 0; k < reads.length; k++) if (files[shared.at + k] !== reads[k]) return false;
  return true;
}

/** A unit's reads walked in order, with the shared runs (sorted by position) that start where the walk is. */
export class SharedRunsInOrder {
  private next = 0;
  constructor(
    private readonly files: UnitFileRead[],
    private readonly shared: readonly SharedReads[],
  ) {}

  /** The shared run that starts at read `i` (asked with `i` increasing), when `files` holds its reads there. */
  at(i: number): SharedReads | undefined {
    const shared = this.shared;
    while (this.next < shared.length && shared[this.next].at < i) this.next++;
    const run = this.next < shared.length && shared[this.next].at === i ? shared[this.next] : undefined;
    return run !== undefined && holdsRun(this.files, run) ? run : undefined;
  }
}

/** The encoding of a shared run that a unit's reads hold (see SharedRunsInOrder); its views' JSON added to `views`. */
export function runEncoding(shared: SharedReads, views: Map<string, string>, storedPath: (file: string) => string, encodeRead: ReadEncoder): RunEncoding {
  const reads = shared.reads;
  let run = runEncodings.get(reads);
  if (run === undefined || run.storedPath !== storedPath) runEncodings.set(reads, (run = encodeRun(reads, storedPath, encodeRead)));
  if (run.addedTo !== views) {
    for (let k = 0; k < reads.length; k++) views.set(run.viewHashes[k], run.jsons[k]);
    run.addedTo = views;
  }
  return run;
}

function encodeRun(reads: readonly UnitFileRead[], storedPath: (file: string) => string, encodeRead: ReadEncoder): RunEncoding {
  const pairs: string[] = new Array(reads.length);
  const viewHashes: string[] = new Array(reads.length);
  const jsons: string[] = new Array(reads.length);
  for (let k = 0; k < reads.length; k++) {
    const { pair, view } = encodeRead(reads[k], storedPath);
    pairs[k] = pair;
    viewHashes[k] = view.hash;
    jsons[k] = view.json;
  }
  const hex = viewHashes.join('');
  return { storedPath, filesBytes: Buffer.from(pairs.join(',')), viewHashes, bytes: Buffer.from(hex, 'hex'), hexBytes: Buffer.from(hex, 'latin1'), jsons, addedTo: undefined };
}

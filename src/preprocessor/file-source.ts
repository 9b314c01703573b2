// Reads files once per run (text or "missing"), answers existence, and hands out cached skeletons (through
// the skeleton cache's store when it has one: then by content hash, without reading unchanged files).
// Leaves out file-system watching; a new run sees new content.
import fs from 'node:fs';
import { SkeletonCache, type FileSkeleton } from './file-skeleton.js';

export type ReadFile = (file: string) => string | undefined;

export function defaultReadFile(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

export class FileSource {
  private texts = new Map<string, string | undefined>();
  /** Skeletons answered through the store (a source lives for one run, when files hold still). */
  private stored = new Map<string, FileSkeleton | undefined>();
  constructor(
    private readFileFn: ReadFile = defaultReadFile,
    readonly skeletons: SkeletonCache = new SkeletonCache(),
    private asm = false,
    /** Called each time a skeleton is asked for (an index run looks at its memory then: see young-generation-cap.ts). */
    private asked?: () => void,
  ) {}

  read(file: string): string | undefined {
    if (this.texts.has(file)) return this.texts.get(file);
    const t = this.readFileFn(file);
    this.texts.set(file, t);
    return t;
  }

  exists(file: string): boolean {
    if (this.skeletons.store) return this.skeletons.store.hash(file) !== null;
    return this.read(file) !== undefined;
  }

  /** With a skeleton store, by content hash (an unchanged file is not read, a file is asked once); else from the text read. */
  skeleton(file: string): FileSkeleton | undefined {
    this.asked?.();
    if (this.skeletons.store) {
      let sk = this.stored.get(file);
      if (sk === undefined && !this.stored.has(file)) this.stored.set(file, (sk = this.skeletons.getStored(file, this.asm)));
      return sk;
    }
    const t = this.read(file);
    return t === undefined ? undefined : this.skeletons.get(file, t, this.asm);
  }
}

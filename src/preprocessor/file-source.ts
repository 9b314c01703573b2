// Reads files once per run (text or "missing"), answers existence, and hands out cached skeletons.
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
  constructor(
    private readFileFn: ReadFile = defaultReadFile,
    readonly skeletons: SkeletonCache = new SkeletonCache(),
    private asm = false,
  ) {}

  read(file: string): string | undefined {
    if (this.texts.has(file)) return this.texts.get(file);
    const t = this.readFileFn(file);
    this.texts.set(file, t);
    return t;
  }

  exists(file: string): boolean {
    return this.read(file) !== undefined;
  }

  skeleton(file: string): FileSkeleton | undefined {
    const t = this.read(file);
    return t === undefined ? undefined : this.skeletons.get(file, t, this.asm);
  }
}

// What content search may ask of the content index: the files it covers with their state and the files
// whose text holds every one of some trigrams. The SQLite side is sqlite-content-index.ts.

export type ContentFileKind = 'text' | 'binary' | 'large';

export interface ContentFileRow {
  /** Project-relative POSIX path. */
  path: string;
  contentHash: string;
  size: number;
  mtimeMs: number;
  kind: ContentFileKind;
}

export interface ContentIndexReader {
  /** Changes whenever an index run changed the content index; null before the first one. */
  generation(): string | null;
  files(): ContentFileRow[];
  /**
   * Paths of indexed text files holding every run of text of at least one group (case-insensitive: the
   * index folds case). Null when a group has no run of 3 or more characters (nothing narrows the search).
   */
  candidates(groups: string[][]): Set<string> | null;
}

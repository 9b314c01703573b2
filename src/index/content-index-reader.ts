// What content search may ask of the content index: the files it covers with their state and the files
// whose text holds every one of some trigrams. The SQLite side is sqlite-content-index.ts.

/**
 * text: its trigrams are in the index; binary: never searched; large (over 8 MB) and deferred (a text file no
 * build reads, whose trigrams an index run left for later): searched by reading the file.
 */
export type ContentFileKind = 'text' | 'binary' | 'large' | 'deferred';

/** How much of the tree the trigram index covers. */
export interface ContentCoverage {
  /** Searchable text files (binary ones left out). */
  textFiles: number;
  /** Text files whose trigrams are in the index. */
  indexed: number;
  /** Text files whose trigrams an index run left for later (no build reads them); find reads them whole. */
  deferred: number;
  deferredBytes: number;
  /** Text files over 8 MB, never in the trigram index; find reads them whole. */
  large: number;
}

export interface ContentFileRow {
  /** Project-relative POSIX path. */
  path: string;
  contentHash: string;
  size: number;
  mtimeMs: number;
  kind: ContentFileKind;
}

/** The indexed builds as the project walk sees them (content/walk-scope.ts). */
export interface IndexedBuildFolders {
  /** Each build's folder and unit sources (absolute). */
  builds: { buildDir: string; units: string[] }[];
  /** Project-relative paths of the files some build reads: those the index holds for it, its linker scripts and Kconfig output. */
  read: Set<string>;
}

export interface ContentIndexReader {
  /** Changes whenever an index run changed the content index; null before the first one. */
  generation(): string | null;
  /**
   * Changes whenever deferred files got their trigrams (the server's fill): the rows changed, what a search
   * finds did not, so this is kept apart from the generation that page identities hold.
   */
  fillStamp(): string | null;
  coverage(): ContentCoverage;
  /** The indexed builds' folders and the files they read: what the project walk leaves out (content/walk-scope.ts). */
  buildFolders(root: string): IndexedBuildFolders;
  files(): ContentFileRow[];
  /**
   * Paths of indexed text files holding every trigram of every run of text of at least one group
   * (case-insensitive: the index folds case): every file holding the runs, and some holding their trigrams
   * elsewhere. Null when a group has no run of 3 or more characters (nothing narrows the search).
   */
  candidates(groups: string[][]): Set<string> | null;
}

// The masks builds made, by what decides them: a file's path, language and activity key (content, compiled lines,
// blanked macros, macro table, #defines seen; see mask-files.ts). A build whose file has a key an earlier build of the
// run masked, or a stored build holds, takes that mask's hash, as a build takes its own stored one, and reads nothing of
// the file. Builds of one project share most keys (Marlin's 15 AVR envs: 2559 files masked, 271 keys). A key is held
// as the digest of its path, language and activity: as their text the keys held 9.2 MB by Marlin's 151st env.
import { sha1 } from '../model/sha1.js';

/** The mask hash a stored build takes for a file under an activity key (see IndexWriter.storedMask). */
export type StoredMasks = (path: string, language: string, activity: string) => string | undefined;

/** Per file key, the hash of the mask made for it; bounded by the characters the keys and hashes hold. */
export class MaskMemo {
  private readonly masks = new Map<string, string>();
  private chars = 0;
  /** Files whose mask was taken from the memo (for tests and summaries). */
  recalled = 0;

  /** `stored`: asked for a key the run did not mask, when the index held builds as the run started. */
  constructor(
    private readonly stored?: StoredMasks,
    private readonly maxChars = MAX_KEPT_CHARS,
  ) {}

  /** The mask hash kept or stored for `path` parsed in `language` under `activity`. */
  find(path: string, language: string, activity: string): string | undefined {
    const key = keyOf(path, language, activity);
    const kept = this.masks.get(key);
    if (kept !== undefined || this.stored === undefined) return kept;
    const stored = this.stored(path, language, activity);
    if (stored !== undefined) this.put(key, stored);
    return stored;
  }

  keep(path: string, language: string, activity: string, maskHash: string): void {
    const key = keyOf(path, language, activity);
    if (!this.masks.has(key)) this.put(key, maskHash);
  }

  private put(key: string, maskHash: string): void {
    const weight = key.length + maskHash.length;
    if (this.chars + weight > this.maxChars) {
      this.masks.clear();
      this.chars = 0;
    }
    this.masks.set(key, maskHash);
    this.chars += weight;
  }
}

const keyOf = (path: string, language: string, activity: string): string => sha1(`${path}\0${language}\0${activity}`);

/** Characters of keys and hashes kept together at most (~1 byte each: 80 an entry). */
const MAX_KEPT_CHARS = 16_000_000;

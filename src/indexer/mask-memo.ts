// The masks builds made, by what decides them: a file's path, language and activity key (content, compiled lines,
// blanked macros, macro table, #defines seen; see mask-files.ts). A build whose file has a key an earlier build of the
// run masked, or a stored build holds, takes that mask's hash, as a build takes its own stored one, and reads nothing of
// the file. Builds of one project share most keys (Marlin's 15 AVR envs: 2559 files masked, 271 keys). A key is held
// as the digest of its path, language and activity (as their text the keys held 9.2 MB by Marlin's 151st env), keys and
// hashes as their bytes (digest-table.ts: a Map of their strings held 15.8 MB at Meshtastic's 200th env).
// A file whose key no build had is recalled by what its last masking asked of its build's macros (see
// mask-questions.ts): a build answering alike masks it alike, whatever else its macros hold.
import { DigestTable } from '../model/digest-table.js';
import { sha1 } from '../model/sha1.js';
import { answersHold, type MacrosNow, type MaskAnswers } from './mask-questions.js';

/** The mask hash a stored build takes for a file under an activity key (see IndexWriter.storedMask). */
export type StoredMasks = (path: string, language: string, activity: string) => string | undefined;

/** Per file key, the hash of the mask made for it; bounded by the number of keys (48 bytes each). */
export class MaskMemo {
  private readonly masks: DigestTable;
  /** Per file key without its build's macros (see answeredKey in mask-files.ts): the last mask made, with what its masking asked. */
  private readonly answered = new Map<string, { answers: MaskAnswers; maskHash: string; used: number }>();
  private answeredWeight = 0;
  /** Builds masked so far (see nextBuild). */
  private build = 0;
  /** Files whose mask was taken from the memo (for tests and summaries). */
  recalled = 0;

  /** `stored`: asked for a key the run did not mask, when the index held builds as the run started. */
  constructor(
    private readonly stored?: StoredMasks,
    maxKeys = MAX_KEPT_KEYS,
    private readonly maxAnswered = MAX_ANSWERED_WEIGHT,
  ) {
    this.masks = new DigestTable(maxKeys);
  }

  /** Bytes the kept keys and hashes take (for tests). */
  get keptBytes(): number {
    return this.masks.bytes;
  }

  /** The mask hash kept or stored for `path` parsed in `language` under `activity`. */
  find(path: string, language: string, activity: string): string | undefined {
    const key = keyOf(path, language, activity);
    const kept = this.masks.get(key);
    if (kept !== undefined || this.stored === undefined) return kept;
    const stored = this.stored(path, language, activity);
    if (stored !== undefined) this.masks.set(key, stored);
    return stored;
  }

  keep(path: string, language: string, activity: string, maskHash: string): void {
    const key = keyOf(path, language, activity);
    if (!this.masks.has(key)) this.masks.set(key, maskHash);
  }

  /** The mask last made under `key` when the build's macros (`now`, made when there is one to check) answer its masking's questions alike. */
  findAnswered(key: string, now: () => MacrosNow): string | undefined {
    const kept = this.answered.get(key);
    if (kept === undefined || !answersHold(kept.answers, now())) return undefined;
    kept.used = this.build;
    return kept.maskHash;
  }

  /** A build starts masking: what the builds before the last one kept and did not take may go for what it keeps. */
  nextBuild(): void {
    this.build++;
  }

  /**
   * Keeps the mask made under `key` with its answers. Past the bound, those neither kept nor taken by this build or the
   * last go first; when that is not room enough, the answers are not kept (a build of more files than the bound holds
   * would let go of each before the next build asks, and make as much garbage).
   */
  keepAnswered(key: string, answers: MaskAnswers, maskHash: string): void {
    const before = this.answered.get(key);
    if (before !== undefined) {
      this.answeredWeight -= before.answers.weight;
      this.answered.delete(key);
    }
    if (this.answeredWeight + answers.weight > this.maxAnswered) {
      for (const [old, kept] of this.answered) {
        if (kept.used >= this.build - 1) continue;
        this.answered.delete(old);
        this.answeredWeight -= kept.answers.weight;
        if (this.answeredWeight + answers.weight <= this.maxAnswered) break;
      }
      if (this.answeredWeight + answers.weight > this.maxAnswered) return;
    }
    this.answered.set(key, { answers, maskHash, used: this.build });
    this.answeredWeight += answers.weight;
  }
}

const keyOf = (path: string, language: string, activity: string): string => sha1(`${path}\0${language}\0${activity}`);

/** Keys kept at most (past it the memo starts again): 9.6 MB, as many as 16 M characters of keys and hashes held before. */
const MAX_KEPT_KEYS = 200_000;

/** Weight of the answers kept at most (see MaskAnswers.weight): 3.9 M held 3.1 MiB of Marlin's maple envs, ~250 files. */
const MAX_ANSWERED_WEIGHT = 4_000_000;

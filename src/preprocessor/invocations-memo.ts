// The macro invocations found in a file's parse text, kept for the next build that masks the file to the same text:
// reused when every question the finding asked its build's macro table (is this name a macro; what is its definition
// at this line) has the same answer in the new table, definitions compared as text. Builds of one project mask most
// files alike (22 nRF52 envs: ~90 % of their files). Leaves out finding with #undef marks, `__COUNTER__` values, a
// file's define classes or assembler syntax (their answers come from more than the table's two questions).
import type { MacroQuestions } from './build-macro-table.js';
import type { LookupAt } from './macro-lookup.js';
import type { MacroDef } from './macro-definition.js';
import type { FoundInvocations } from './macro-invocations.js';
import { sameDefinition } from './tracked-env.js';

/** The questions one finding asked its table, with their answers, recorded as it asks them. */
export class TableQuestions {
  /** Names asked whether they are macros, each once, with the answer. */
  private readonly asked = new Map<string, boolean>();
  /** Definitions looked up, each (line, name) once: `${line} ${name}` keys, and the answers in that order. */
  private readonly looked = new Map<string, MacroDef | undefined>();

  constructor(private readonly table: MacroQuestions) {}

  /** The table's `has`, recorded. */
  has(name: string): boolean {
    let known = this.asked.get(name);
    if (known === undefined) this.asked.set(name, (known = this.table.has(name)));
    return known;
  }

  /** A lookup at lines of the file, recorded. */
  lookup(plain: LookupAt): LookupAt {
    return (name, line) => {
      const key = `${line} ${name}`;
      if (this.looked.has(key)) return this.looked.get(key);
      const def = plain(name, line);
      this.looked.set(key, def);
      return def;
    };
  }

  /**
   * The answers in a form that keeps no slice of the file's text alive: the names (and lookup keys) joined by '\n'
   * (no name holds one).
   */
  answers(): RecordedAnswers {
    const macro = new Uint8Array(this.asked.size);
    let k = 0;
    this.asked.forEach((yes) => (macro[k++] = yes ? 1 : 0));
    return { names: [...this.asked.keys()].join('\n'), macro, lookups: [...this.looked.keys()].join('\n'), defs: [...this.looked.values()] };
  }
}

interface RecordedAnswers {
  names: string;
  macro: Uint8Array;
  lookups: string;
  defs: (MacroDef | undefined)[];
}

interface KeptFinding {
  textHash: string;
  answers: RecordedAnswers;
  found: FoundInvocations;
}

/** Per file, the last finding kept, bounded by the characters of their recorded names. */
export class InvocationsMemo {
  private readonly byFile = new Map<string, KeptFinding>();
  private chars = 0;

  constructor(private readonly maxChars = MAX_KEPT_CHARS) {}

  /** The finding kept for `file` when its text had hash `textHash` and `table`, looking up with `plain`, answers alike. */
  find(file: string, textHash: string, table: MacroQuestions, plain: LookupAt): FoundInvocations | undefined {
    const kept = this.byFile.get(file);
    if (kept === undefined || kept.textHash !== textHash) return undefined;
    return answersHold(kept.answers, table, plain) ? kept.found : undefined;
  }

  keep(file: string, textHash: string, questions: TableQuestions, found: FoundInvocations): void {
    const answers = questions.answers();
    const before = this.byFile.get(file);
    if (before !== undefined) this.chars -= weight(before.answers);
    if (this.chars + weight(answers) > this.maxChars) {
      this.byFile.clear();
      this.chars = 0;
    }
    this.byFile.set(file, { textHash, answers, found });
    this.chars += weight(answers);
  }
}

/** Characters of recorded names the kept findings hold together at most (~2 bytes each, with their lists). */
const MAX_KEPT_CHARS = 16_000_000;

const weight = (a: RecordedAnswers): number => a.names.length + a.lookups.length;

/** Whether `table` answers every recorded question alike (definitions compared as text). */
function answersHold(a: RecordedAnswers, table: MacroQuestions, plain: LookupAt): boolean {
  const names = a.names;
  for (let k = 0, at = 0; k < a.macro.length; k++) {
    const end = nextBreak(names, at);
    if (table.has(names.slice(at, end)) !== (a.macro[k] === 1)) return false;
    at = end + 1;
  }
  const lookups = a.lookups;
  for (let k = 0, at = 0; k < a.defs.length; k++) {
    const end = nextBreak(lookups, at);
    const space = lookups.indexOf(' ', at);
    if (!sameDefinition(plain(lookups.slice(space + 1, end), Number(lookups.slice(at, space))), a.defs[k])) return false;
    at = end + 1;
  }
  return true;
}

function nextBreak(s: string, from: number): number {
  const k = s.indexOf('\n', from);
  return k < 0 ? s.length : k;
}

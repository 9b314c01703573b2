// What masking one file asks of its build's macros, recorded with the answers as it asks: the table's (whether a name
// is a macro, its definition at a line of a file, the file's define classes), the blanking's and the conditional names'
// for every name of its masked text, the integer values its enums name. A build answering all of them alike masks the
// file to the same text, whatever else its macros hold (see MaskMemo.findAnswered). Leaves out what else a mask reads.
import type { MacroQuestions } from '../preprocessor/build-macro-table.js';
import type { MacroDef } from '../preprocessor/macro-definition.js';
import { sameDefinition } from '../preprocessor/tracked-env.js';
import { ownString } from '../model/own-strings.js';
import { eachIdentifier } from '../model/each-identifier.js';
import type { BlankableMacros } from './blank-macros.js';
import type { MacroValues } from './parse-jobs.js';

/** The integer values masking reads (an enum's names, see enum-macro-key.ts). */
export type ValueQuestions = Pick<MacroValues, 'has' | 'get'>;

/** A build's macros as a file's masking reads them, asked again when another build's mask of the file is recalled. */
export interface MacrosNow {
  table: MacroQuestions;
  blankable: BlankableMacros;
  /** The names of #defines some lines of their files do not see (see conditionalNamesOf in mask-files.ts). */
  conditional: ReadonlySet<string> | undefined;
  values: ValueQuestions;
}

/** A check of one recorded answer against a build's table or values. */
type Check<T> = (now: T) => boolean;

/** A table in front of a build's, recording each question and its answer (the checks copy their names: no slice of a text is kept). */
export class RecordingTable implements MacroQuestions {
  /** Names asked whether they are macros, with the answer. */
  readonly asked = new Map<string, boolean>();
  /** Definitions looked up: `${name}\n${line}\n${file}` keys. */
  readonly looked = new Map<string, MacroDef | undefined>();
  /** The rarer questions (define classes, emptiness) by key, each as a check. */
  readonly other = new Map<string, Check<MacroQuestions>>();

  constructor(private readonly table: MacroQuestions) {}

  get empty(): boolean {
    const empty = this.table.empty;
    this.other.set('e', (t) => t.empty === empty);
    return empty;
  }

  has(name: string): boolean {
    let yes = this.asked.get(name);
    if (yes === undefined) this.asked.set(name, (yes = this.table.has(name)));
    return yes;
  }

  lookup(name: string, file: string, line: number): MacroDef | undefined {
    const key = `${name}\n${line}\n${file}`;
    if (this.looked.has(key)) return this.looked.get(key);
    const def = this.table.lookup(name, file, line);
    this.looked.set(key, def);
    return def;
  }

  lookupInClass(name: string, file: string, line: number, k: number): MacroDef | undefined {
    const def = this.table.lookupInClass(name, file, line, k);
    const [n, f] = [ownString(name), ownString(file)];
    this.other.set(`i\n${name}\n${file}\n${line}\n${k}`, (t) => sameDefinition(t.lookupInClass(n, f, line, k), def));
    return def;
  }

  classCount(file: string): number {
    const count = this.table.classCount(file);
    const f = ownString(file);
    this.other.set(`c\n${file}`, (t) => t.classCount(f) === count);
    return count;
  }

  classCompiles(file: string, k: number, line: number): boolean {
    const yes = this.table.classCompiles(file, k, line);
    const f = ownString(file);
    this.other.set(`k\n${file}\n${k}\n${line}`, (t) => t.classCompiles(f, k, line) === yes);
    return yes;
  }

  definedIn(name: string, file: string): boolean {
    const yes = this.table.definedIn(name, file);
    const [n, f] = [ownString(name), ownString(file)];
    this.other.set(`d\n${name}\n${file}`, (t) => t.definedIn(n, f) === yes);
    return yes;
  }

  sameInClasses(name: string, file: string, line: number): boolean {
    const yes = this.table.sameInClasses(name, file, line);
    const [n, f] = [ownString(name), ownString(file)];
    this.other.set(`s\n${name}\n${file}\n${line}`, (t) => t.sameInClasses(n, f, line) === yes);
    return yes;
  }
}

/** Integer values in front of a build's, recording each name asked and its answer. */
export class RecordingValues implements ValueQuestions {
  readonly checks = new Map<string, Check<ValueQuestions>>();

  constructor(private readonly values: ValueQuestions) {}

  has(name: string): boolean {
    const yes = this.values.has(name);
    const n = ownString(name);
    this.checks.set(`h${name}`, (v) => v.has(n) === yes);
    return yes;
  }

  get(name: string): string | undefined {
    const value = this.values.get(name);
    const n = ownString(name);
    this.checks.set(`g${name}`, (v) => v.get(n) === value);
    return value;
  }
}

/** Per name of the list: asked of the table; a macro there; asked of the blanking; a conditional name. */
const ASKED = 1;
const MACRO = 2;
const BLANK_ASKED = 4;
const CONDITIONAL = 8;

/** The answers of one masking in a form that keeps no slice of the file's text alive (names joined by '\n'). */
export interface MaskAnswers {
  names: string;
  flags: Uint8Array;
  /** Of the names asked of the blanking, those it blanks, with how (see blankAnswer). */
  blanked: Map<string, string>;
  /** Definitions looked up: names joined by '\n'; per lookup its file (index in `files`) and line; the answers. */
  lookedNames: string;
  lookedAt: Int32Array;
  files: string[];
  defs: (MacroDef | undefined)[];
  checks: Check<MacrosNow>[];
  /** What the answers hold, about, in bytes: their names, and 64 a definition or check (the memo's bound). */
  weight: number;
}

/**
 * The answers recorded by `table` and `values` in masking `masked` (the file's text, inactive lines blanked), with
 * the blanking's and conditional names' for each identifier of it: every name blankMacroUses may ask of them.
 */
export function maskAnswers(masked: string, table: RecordingTable, values: RecordingValues, blankable: BlankableMacros, conditional: ReadonlySet<string> | undefined): MaskAnswers {
  const flags = new Map<string, number>();
  for (const [name, yes] of table.asked) flags.set(name, yes ? ASKED | MACRO : ASKED);
  const blanked = new Map<string, string>();
  eachIdentifier(masked, (id) => {
    const f = flags.get(id) ?? 0;
    if (f & BLANK_ASKED) return;
    const answer = blankAnswer(blankable, id);
    if (answer !== '') blanked.set(ownString(id), answer);
    flags.set(id, f | BLANK_ASKED | (conditional?.has(id) ? CONDITIONAL : 0));
  });
  const looked = lookedAnswers(table.looked);
  const checks: Check<MacrosNow>[] = [...table.other.values()].map(askingTable);
  for (const c of values.checks.values()) checks.push(askingValues(c));
  const names = joined([...flags.keys()]);
  return { names, flags: Uint8Array.from(flags.values()), blanked, ...looked, checks, weight: names.length + looked.lookedNames.length + 64 * (looked.defs.length + checks.length) };
}

/**
 * A check of the table or values, as a check of a build's macros. Made here, not in maskAnswers: a closure made there
 * would hold that call's scope (its names' flags, keyed by slices of the masked text, and the build's blanking) for
 * as long as the memo keeps the answers (19 nRF52 envs: the memo's answers held 24.2 MB, 8 MB of it whole file texts).
 */
const askingTable = (c: Check<MacroQuestions>): Check<MacrosNow> => (now) => c(now.table);
const askingValues = (c: Check<ValueQuestions>): Check<MacrosNow> => (now) => c(now.values);

function lookedAnswers(looked: ReadonlyMap<string, MacroDef | undefined>): Pick<MaskAnswers, 'lookedNames' | 'lookedAt' | 'files' | 'defs'> {
  const files: string[] = [];
  const fileIndex = new Map<string, number>();
  const names: string[] = [];
  const at = new Int32Array(looked.size * 2);
  let k = 0;
  for (const key of looked.keys()) {
    const first = key.indexOf('\n');
    const second = key.indexOf('\n', first + 1);
    const file = key.slice(second + 1);
    let index = fileIndex.get(file);
    if (index === undefined) fileIndex.set(file, (index = files.push(ownString(file)) - 1));
    names.push(key.slice(0, first));
    at[k++] = index;
    at[k++] = Number(key.slice(first + 1, second));
  }
  return { lookedNames: joined(names), lookedAt: at, files, defs: [...looked.values()] };
}

/** How the blanking treats a name: '' when it leaves it alone, else its replacement, glue and function-like mark. */
export function blankAnswer(b: BlankableMacros, name: string): string {
  const replacement = b.objectLike.get(name);
  const glue = b.unwrapped.get(name);
  const functionLike = b.functionLike.has(name);
  if (replacement === undefined && glue === undefined && !functionLike) return '';
  return `${replacement ?? '\u0001'}\0${glue ?? '\u0001'}\0${functionLike ? 1 : 0}`;
}

/**
 * Whether the blanking answers for `name` what `recorded` says (blankAnswer's text, '' when it left the name alone),
 * read off the text piece by piece: most names are checked, and most of those are left alone.
 */
export function sameBlankAnswer(b: BlankableMacros, name: string, recorded: string): boolean {
  const replacement = b.objectLike.get(name);
  const glue = b.unwrapped.get(name);
  const functionLike = b.functionLike.has(name);
  if (replacement === undefined && glue === undefined && !functionLike) return recorded === '';
  const r = replacement ?? '\u0001';
  const g = glue ?? '\u0001';
  const at = r.length + 1;
  return (
    recorded.length === at + g.length + 2 &&
    recorded.startsWith(r) &&
    recorded.charCodeAt(r.length) === 0 &&
    recorded.startsWith(g, at) &&
    recorded.charCodeAt(at + g.length) === 0 &&
    recorded.charCodeAt(at + g.length + 1) === (functionLike ? 0x31 : 0x30)
  );
}

/** Whether `now` answers every recorded question alike (definitions compared as text, as InvocationsMemo does). */
export function answersHold(a: MaskAnswers, now: MacrosNow): boolean {
  const { names, flags } = a;
  for (let k = 0, at = 0; k < flags.length; k++) {
    const end = nextBreak(names, at);
    const name = names.slice(at, end);
    at = end + 1;
    const f = flags[k];
    if (f & ASKED && now.table.has(name) !== ((f & MACRO) !== 0)) return false;
    if (f & BLANK_ASKED && (!sameBlankAnswer(now.blankable, name, a.blanked.get(name) ?? '') || (now.conditional?.has(name) ?? false) !== ((f & CONDITIONAL) !== 0))) return false;
  }
  const looked = a.lookedNames;
  for (let k = 0, at = 0; k < a.defs.length; k++) {
    const end = nextBreak(looked, at);
    if (!sameDefinition(now.table.lookup(looked.slice(at, end), a.files[a.lookedAt[2 * k]], a.lookedAt[2 * k + 1]), a.defs[k])) return false;
    at = end + 1;
  }
  return a.checks.every((c) => c(now));
}

/** Names joined by '\n' into a string of their own (join answers a lone name as it is: maybe a slice of a text). */
const joined = (names: string[]): string => (names.length === 1 ? ownString(names[0]) : names.join('\n'));

function nextBreak(s: string, from: number): number {
  const k = s.indexOf('\n', from);
  return k < 0 ? s.length : k;
}

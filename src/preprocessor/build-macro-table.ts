// A build's macro table as code lines see it: the definition that applies to a name at a line of a file, the
// integer values of its names, and a digest of its records. Finds no invocations (see macro-invocations.ts).
import { createHash } from 'node:crypto';
import type { MacroRecord } from './api.js';
import { parseDefine, type MacroDef } from './macro-definition.js';
import { byFileAndLine, integerOf, RecordsByName, tableWork, type NamedRecords, type RecordSource } from './macro-records-by-name.js';

/** Integer values of macros by name, as a Map<string, string> of them answers (see BuildMacroTable.values). */
export interface MacroValueTable {
  readonly size: number;
  has(name: string): boolean;
  get(name: string): string | undefined;
  [Symbol.iterator](): Iterator<[string, string]>;
}

/** Which definitions may apply at a line (see define-scope.ts); all when unset. */
export interface DefinitionScope {
  /** Whether a definition of another file may apply at `line` of `file`. */
  sees(file: string, line: number, def: Pick<MacroDef, 'file' | 'line'>): boolean;
  /** Whether a definition of `file` itself at `defLine`, above `line`, applies there (not when no view reading both reached it). */
  ownSees(file: string, line: number, defLine: number): boolean;
  /**
   * The number of define classes of `file` (its views grouped by the #defines of its own they reached) when it has
   * several, else 0; with the two below, each class's definitions are looked up apart (see lookupInClass).
   */
  ownClassCount?(file: string): number;
  /** Of a file with several classes: whether its `k`th class compiles `line`. */
  classCompiles?(file: string, k: number, line: number): boolean;
  /** Of a file with several classes: whether its `k`th class reached the file's #define at `defLine`. */
  classReached?(file: string, k: number, defLine: number): boolean;
}

/**
 * What finding a file's invocations and blanking its macro uses ask of a table: a build's table answers, or a
 * recorder of the questions in front of it (see mask-questions.ts).
 */
export type MacroQuestions = Pick<BuildMacroTable, 'empty' | 'has' | 'lookup' | 'lookupInClass' | 'classCount' | 'classCompiles' | 'definedIn' | 'sameInClasses'>;

const NO_BUILTINS: ReadonlyMap<string, MacroDef> = new Map();

/**
 * Type keywords a header defines only for its own #if arithmetic: newlib's sys/_intsup.h defines `signed`,
 * `unsigned`, `char`, `short`, `int` and `long` as numbers, then #undefs them. The table keeps no #undef, so their
 * definitions answer only in the file that makes them (`SVC0_1(f, const char *, ...)` elsewhere expanded to
 * `const +0 *`).
 */
const SCOPED_KEYWORDS = new Set(['signed', 'unsigned', 'char', 'short', 'int', 'long', '__int20', '__int20__']);

/** The digest of a table's records and builtins (see BuildMacroTable.digest). */
function tableDigest(records: readonly MacroRecord[], builtins: ReadonlyMap<string, MacroDef>): string {
  tableWork.digests++;
  const h = createHash('sha1');
  const sorted = [...records].sort(byFileAndLine);
  // Hashed in chunks of many records (the same bytes as one update per record, fewer calls).
  let chunk = '';
  let ordinal = 0;
  for (let k = 0; k < sorted.length; k++) {
    const r = sorted[k];
    ordinal = k > 0 && sorted[k - 1].file === r.file ? ordinal + 1 : 0;
    chunk += `${r.name}\0${r.params ?? ''}\0${r.value}\0${r.file}\0${ordinal}\n`;
    if (chunk.length > 65536) {
      h.update(chunk);
      chunk = '';
    }
  }
  if (builtins.size) {
    chunk += '\0builtins\n';
    for (const name of [...builtins.keys()].sort()) {
      const d = builtins.get(name)!;
      chunk += `${name}\0${d.paramsText ?? ''}\0${d.valueText}\n`;
    }
  }
  return h.update(chunk).digest('hex');
}

/**
 * A build's macro table as code lines see it: every #define the build reached and its -D macros. A name
 * defined several times resolves, at a line of file F, to F's own last definition above that line that `scope`
 * lets it see (one a view compiling the line reached), else to the first definition elsewhere that `scope` lets
 * the line see (headers are usually included before use). Where the define classes of F compiling the line reached
 * different #defines of F's own, lookupInClass answers for each (a use's expansion per class, see class-expansions.ts);
 * `values` stay one per name (enum values and array sizes read the name's last integer value in every class).
 * `builtins` (the compiler's implicit macros, see builtin-macros.ts) answer a lookup no #define answers: they
 * are expanded inside an invocation's expansion, never taken for invocations themselves.
 */
export class BuildMacroTable {
  /** Set for a build's masking: the definitions of unit files a file's text may see (see define-scope.ts). */
  scope?: DefinitionScope;
  /** Records by name (see NamedRecords); parsed into definitions when a name is first looked up. */
  private readonly named: NamedRecords;
  private byName = new Map<string, MacroDef[]>();
  private madeDigest?: string;
  /** The records the digest is made of, until it is. */
  private hashed?: () => readonly MacroRecord[];
  /**
   * The integer values of the records' names (a name's last integer one in the order the records came in): the
   * parser sizes arrays and evaluates enums with them. Answered from the table's own map: a device header's
   * 450 000 names are not put in a second one.
   */
  readonly values: MacroValueTable;

  /**
   * `records`: a list (indexed by name at once), or a source read name by name (see RecordSource). `digest`: the
   * table's digest when known already (kept from an earlier run for the same records and builtins).
   */
  constructor(
    records: readonly MacroRecord[] | RecordSource,
    private readonly builtins: ReadonlyMap<string, MacroDef> = NO_BUILTINS,
    digest?: string,
  ) {
    tableWork.tables++;
    const list = Array.isArray(records) ? (records as readonly MacroRecord[]) : undefined;
    this.named = list ? new RecordsByName(list) : (records as RecordSource).named;
    this.values = new IntegerValues(this.named);
    if (digest !== undefined) this.madeDigest = digest;
    else this.hashed = list ? () => list : (records as RecordSource).records;
  }

  /** The digest when it is made already (or was given), else undefined: reading this makes nothing. */
  get digestIfMade(): string | undefined {
    return this.madeDigest;
  }

  /**
   * Changes whenever a definition of the build does, or their order in a file; not when a file's definitions only
   * move to other lines in the same order. What a file's own uses resolve to by line is keyed by that file's
   * content; other files see a file's definitions only by their order (the first one elsewhere). Made when first
   * read: a table read for its values only (a patch's whole-build table) never sorts and hashes its records.
   */
  get digest(): string {
    if (this.madeDigest === undefined) {
      this.madeDigest = tableDigest(this.hashed!(), this.builtins);
      this.hashed = undefined;
    }
    return this.madeDigest;
  }

  /** Number of macro names with a definition record (a table read name by name makes them all first). */
  get size(): number {
    return this.named.every().size;
  }

  /** True when no name has a definition record. */
  get empty(): boolean {
    return this.named.empty;
  }

  /** The definition records of a name, in (file, line) order. */
  recordsOf(name: string): readonly MacroRecord[] {
    const known = this.named.get(name);
    return known === undefined ? [] : Array.isArray(known) ? known : [known];
  }

  /** Whether some definition record has this name. */
  has(name: string): boolean {
    return this.named.get(name) !== undefined;
  }

  private definitions(name: string): MacroDef[] | undefined {
    let defs = this.byName.get(name);
    if (defs) return defs;
    const known = this.named.get(name);
    if (!known) return undefined;
    defs = [];
    for (const r of Array.isArray(known) ? known : [known]) {
      const p = parseDefine(`${r.name}${r.params ?? ''} ${r.value}`, r.file, r.line);
      if (p.def) defs.push(p.def);
    }
    this.byName.set(name, defs);
    return defs;
  }

  lookup(name: string, file: string, line: number): MacroDef | undefined {
    return this.defined(name, file, line) ?? this.builtins.get(name);
  }

  /**
   * Of a file whose views reached different #defines of its own: the number of its define classes, else 0. A use in
   * such a file may expand differently in each class compiling its line (see lookupInClass).
   */
  classCount(file: string): number {
    return this.scope?.ownClassCount?.(file) ?? 0;
  }

  /** Of a file with several classes (see classCount): whether its `k`th class compiles `line`. */
  classCompiles(file: string, k: number, line: number): boolean {
    return this.scope!.classCompiles!(file, k, line);
  }

  /**
   * The definition of a name at a line of `file` as its `k`th define class reads it (see classCount): the file's own
   * last #define above the line that class reached, else what lookup gives from elsewhere.
   */
  lookupInClass(name: string, file: string, line: number, k: number): MacroDef | undefined {
    const defs = this.definitions(name);
    if (!defs || defs.length === 0) return this.builtins.get(name);
    const scope = this.scope!;
    const elsewhere = !SCOPED_KEYWORDS.has(name);
    let own: MacroDef | undefined;
    let other: MacroDef | undefined;
    for (const d of defs) {
      if (d.file === file) {
        if (d.line < line && scope.classReached!(file, k, d.line)) own = d;
      } else if (elsewhere && other === undefined && scope.sees(file, line, d)) other = d;
    }
    return own ?? other ?? this.builtins.get(name);
  }

  /** Whether the name has a #define in `file` (a use there may read another in each of its classes). */
  definedIn(name: string, file: string): boolean {
    const defs = this.definitions(name);
    if (defs !== undefined) for (const d of defs) if (d.file === file) return true;
    return false;
  }

  /**
   * Of a file with several classes: whether those compiling `line` all read the name as the same #define, or all as
   * none (true when fewer than two classes compile it).
   */
  sameInClasses(name: string, file: string, line: number): boolean {
    const n = this.classCount(file);
    let first: MacroDef | undefined | null = null;
    for (let k = 0; k < n; k++) {
      if (!this.classCompiles(file, k, line)) continue;
      const d = this.lookupInClass(name, file, line, k);
      if (first === null) first = d;
      else if (d !== first) return false;
    }
    return true;
  }

  /** The build's #define of the name that applies at a line of `file` (see the class comment). */
  private defined(name: string, file: string, line: number): MacroDef | undefined {
    const defs = this.definitions(name);
    if (!defs || defs.length === 0) return undefined;
    const elsewhere = !SCOPED_KEYWORDS.has(name);
    const scope = this.scope;
    if (defs.length === 1) {
      const d = defs[0];
      return (d.file === file ? d.line > line || (scope !== undefined && !scope.ownSees(file, line, d.line)) : !elsewhere || (scope !== undefined && !scope.sees(file, line, d))) ? undefined : d;
    }
    let own: MacroDef | undefined;
    let other: MacroDef | undefined;
    for (const d of defs) {
      if (d.file === file) {
        if (d.line < line && (scope === undefined || scope.ownSees(file, line, d.line))) own = d;
      } else if (elsewhere && other === undefined && (scope === undefined || scope.sees(file, line, d))) other = d;
    }
    return own ?? other;
  }
}

/** A table's integer values by name (see BuildMacroTable.values): its map of records read through. */
class IntegerValues implements MacroValueTable {
  private count: number | undefined;

  constructor(private readonly named: NamedRecords) {}

  get(name: string): string | undefined {
    const known = this.named.get(name);
    if (known === undefined) return undefined;
    return Array.isArray(known) ? this.named.severalValue(name) : integerOf(known.expandedValue);
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  get size(): number {
    if (this.count === undefined) {
      const every = this.named.every();
      let n = every.severalCount;
      for (const [, known] of every.entries()) if (!Array.isArray(known) && integerOf(known.expandedValue) !== undefined) n++;
      this.count = n;
    }
    return this.count;
  }

  *[Symbol.iterator](): Iterator<[string, string]> {
    const every = this.named.every();
    for (const [name, known] of every.entries()) {
      const value = Array.isArray(known) ? every.severalValue(name) : integerOf(known.expandedValue);
      if (value !== undefined) yield [name, value];
    }
  }
}

// The compiler's built-in macros of an indexed build (`__GNUC__`, `__ARM_ARCH`, `__CC_ARM`, `__ICCARM__`...), as
// macro rows of `<built-in>`: read from the set the index keeps beside it for each build (the definitions every unit
// of the build gets alike). Leaves out built-ins that differ between the build's units (C and C++ ones).
import type { BuildName } from '../indexer/build-state-files.js';
import { readBuildBuiltinsFile, readBuiltinSet, type StoredBuiltin } from '../indexer/builtin-set-files.js';
import type { BuildMacroRow, BuildRow, MacroRow } from '../index/index-reader.js';

export const BUILT_IN = '<built-in>';

/** Built-in definitions of indexed builds, each build's file and each set read at most once. */
export class CompilerBuiltins {
  private readonly sets = new Map<string, Map<string, StoredBuiltin> | null>();
  private readonly builds = new Map<string, Map<string, StoredBuiltin> | null>();

  constructor(private readonly root: string) {}

  /** The build's built-in definition of `name` as a macro row, when the compiler defines it for every unit. */
  lookup(build: BuildName, name: string): MacroRow | undefined {
    const def = this.setOf(build)?.get(name);
    return def ? builtinRow(def) : undefined;
  }

  /**
   * Every built-in of the build by name, valued as written after the name (`7`, `(x) __builtin_bswap32(x)` for a
   * function-like one); null when the index keeps no set for the build (the kept files are gone).
   */
  values(build: BuildName): Map<string, string> | null {
    const set = this.setOf(build);
    if (!set) return null;
    const out = new Map<string, string>();
    for (const [name, def] of set) {
      const row = builtinRow(def);
      out.set(name, row.params === null ? row._macro_value : `${row.params} ${row._macro_value}`.trimEnd());
    }
    return out;
  }

  private setOf(build: BuildName): Map<string, StoredBuiltin> | null {
    const key = `${build.variant}\0${build.image}`;
    let set = this.builds.get(key);
    if (set === undefined) {
      const hash = readBuildBuiltinsFile(this.root, build)?.set;
      set = hash === undefined ? null : this.set(hash);
      this.builds.set(key, set);
    }
    return set;
  }

  private set(hash: string): Map<string, StoredBuiltin> | null {
    let set = this.sets.get(hash);
    if (set === undefined) {
      const defines = readBuiltinSet(this.root, hash);
      set = defines ? new Map(defines.filter((d) => typeof d?.name === 'string' && typeof d.text === 'string').map((d) => [d.name, d])) : null;
      this.sets.set(hash, set);
    }
    return set;
  }
}

/** A stored definition as a macro row: its parameters and replacement from `rep` (see MacroDef), valued when a literal. */
function builtinRow(def: StoredBuiltin): MacroRow {
  const rep = def.rep;
  const params = typeof rep === 'object' && rep !== null ? rep.text : null;
  const replacement = typeof rep === 'object' && rep !== null ? rep.replacement : rep;
  const value = typeof replacement === 'number' ? def.text.slice(replacement) : String(replacement);
  return { name: def.name, kind: 'macro', file: BUILT_IN, line: 0, params, function_like: params !== null, _macro_value: value, _macro_expanded_value: params === null ? integerLiteral(value) : null };
}

/** The decimal value of an integer literal (`7`, `0x7fffffffL`, `1U`), else null. */
function integerLiteral(text: string): string | null {
  const m = /^(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9]\d*)(?:[uU](?:ll|LL|l|L)?|(?:ll|LL|l|L)[uU]?)?$/.exec(text.trim());
  if (!m) return null;
  const digits = m[1];
  return (/^0[0-7]+$/.test(digits) ? BigInt(`0o${digits.slice(1)}`) : BigInt(digits)).toString();
}

/**
 * `rows` (a name's macro rows across builds) with the built-in definition added for each build that has no other:
 * asked for reserved names (`__x`, `_X`) and, for others (`linux`, `unix` of a host compiler), when nothing else
 * holds the name (`known`: no symbol or macro row).
 */
export function withBuiltinRows(rows: BuildMacroRow[], builds: BuildRow[], name: string, builtins: CompilerBuiltins, known: boolean): BuildMacroRow[] {
  if (!/^[A-Za-z_]\w*$/.test(name) || (known && !/^_[_A-Z]/.test(name))) return rows;
  const defined = new Set(rows.map((r) => r.build_id));
  const added: BuildMacroRow[] = [];
  for (const b of builds) {
    if (defined.has(b.id)) continue;
    const row = builtins.lookup(b, name);
    if (row) added.push({ ...row, build_id: b.id });
  }
  return added.length ? [...rows, ...added] : rows;
}

// The value `__COUNTER__` has at each line of a unit's own file: what headers and forced files read before the line
// used (UnitResult.counter) and what the file's code lines above it used, counted on its text before any macro use
// is blanked for the parser (Zephyr's `__noinit` uses it, and is blanked). Uses on one line are told apart by order.
import type { Token } from './tokens.js';
import { lexLine, mkTok } from './tokens.js';
import { countInLines } from './counter-uses.js';
import { builtinMacro } from './macro-definition.js';
import { expandTokens } from './macro-expander.js';
import type { BuildMacroTable } from './build-macro-table.js';
import { scanCode } from './code-scan.js';
import { lookupIn, type UndoneAt } from './macro-lookup.js';

const COUNTER = builtinMacro('__COUNTER__', 'counter');

/**
 * `marks`: UnitResult.counter; `text`: the file's compiled text (inactive lines blanked, lines kept). The file's uses
 * are counted at the first value asked for: a file whose code uses no counter (its walk could not tell without
 * expanding a logging macro's long invocations) asks none.
 */
export function counterValues(text: string, file: string, table: BuildMacroTable, marks: readonly number[], undone?: UndoneAt, assembler = false): (line: number) => number {
  let used: number[] | undefined;
  return (line) => {
    used ??= ownUses(text, file, table, undone, assembler);
    let value = 0;
    for (let k = 0; k < marks.length && marks[k] <= line; k += 2) value = marks[k + 1];
    for (let k = 0; k < used.length && used[k] < line; k += 2) value += used[k + 1];
    return value;
  };
}

/** [line, uses] of each line whose code lines used the counter, in order. */
function ownUses(text: string, file: string, table: BuildMacroTable, undone: UndoneAt | undefined, assembler: boolean): number[] {
  const fc = scanCode(text);
  const lookup = lookupIn(table, file, undone);
  const used: number[] = [];
  const expand = (code: string, line: number) => {
    let n = 0;
    expandTokens(lexLine(code, assembler), {
      env: new Map(),
      mode: 'text',
      strictIso: undefined,
      assembler,
      builtin: (def, tok): Token[] => {
        if (def.builtin === 'counter') n++;
        return [mkTok('number', '0', tok.sp)];
      },
      error: () => undefined,
      lookup: (name) => lookup(name, line) ?? (name === '__COUNTER__' ? COUNTER : undefined),
    });
    if (n === 0) return;
    if (used.length !== 0 && used[used.length - 2] === line) used[used.length - 1] += n;
    else used.push(line, n);
  };
  countInLines(fc, 1, fc.lineStarts.length, { peek: lookup, expand });
  return used;
}

// The defines a build states: names every compile unit carries with the same value (`defines`), and how
// many names some units carry differently or not at all (`defines_varying`).
import type { BuildDescription } from '../../adapters/contract.js';
import { parseCompileArgs } from '../model/compile-args.js';

export function commonDefines(build: BuildDescription): { defines: Record<string, string>; varying: number } {
  const perUnit = build.units.map((u) => {
    const env = new Map<string, string>(Object.entries(build.defines ?? {}));
    for (const op of parseCompileArgs(u.arguments, u.directory, u.file).macroOps) {
      if (op.op === 'define') env.set(op.name, op.value ?? '1');
      else env.delete(op.name);
    }
    return env;
  });
  if (perUnit.length === 0) return { defines: { ...(build.defines ?? {}) }, varying: 0 };
  const names = new Set<string>();
  for (const env of perUnit) for (const k of env.keys()) names.add(k);
  const defines: Record<string, string> = {};
  let varying = 0;
  for (const name of [...names].sort()) {
    const first = perUnit[0].get(name);
    if (first !== undefined && perUnit.every((e) => e.get(name) === first)) defines[name] = first;
    else varying++;
  }
  return { defines, varying };
}

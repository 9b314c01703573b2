// The defines a build states: names every compile unit of its image carries with the same value (`defines`),
// and how many names some of those units carry differently or not at all (`defines_varying`). The image's
// units are those its link takes when the link is known (the units the index answers from), else every
// compiled unit: an unlinked twin (mbed CE's mbed-baremetal copy of each source) says nothing of the image.
import type { BuildDescription, CompileUnit } from '../../adapters/contract.js';
import { parseCompileArgs } from '../model/compile-args.js';
import { linkedUnitTest } from './record-description.js';

/** The units the image links when its link is known, else all of `units` (default: every unit of the build). */
function imageUnitsOf(build: BuildDescription, units: CompileUnit[] = build.units): CompileUnit[] {
  const isLinked = linkedUnitTest(build);
  return isLinked ? units.filter(isLinked) : units;
}

/** The defines shared by `units` (default: the image's units, imageUnitsOf). */
export function commonDefines(build: BuildDescription, units: CompileUnit[] = imageUnitsOf(build)): { defines: Record<string, string>; varying: number } {
  const perUnit = units.map((u) => {
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

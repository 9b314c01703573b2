// The compiler's implicit macros a build's macro table expands code with where no #define of the build applies
// (glibc's `__ASMNAME2 (__USER_LABEL_PREFIX__, cname)` is `"" cname` as gcc sees it): those every unit of the
// build gets with the same definition. Leaves out the others (a C-only or C++-only one, one per target). A unit
// assembled without preprocessing (a plain `.s`, an armasm startup file) sees no macro and has no say.
import type { CompileUnit } from '../../adapters/contract.js';
import type { ImplicitMacroProvider, ImplicitMacros } from '../preprocessor/implicit-macros.js';
import type { MacroDef } from '../preprocessor/macro-definition.js';
import { definitionKey } from '../preprocessor/tracked-env.js';
import { preprocessedImplicitMacros } from '../preprocessor/unit-environment.js';

/** The implicit definitions all of these sets give alike, by name. */
export function agreedBuiltins(sets: Iterable<ImplicitMacros>): Map<string, MacroDef> {
  let out: Map<string, MacroDef> | undefined;
  for (const set of new Set(sets)) {
    const defs = new Map<string, MacroDef>();
    for (const d of set.defines) if (!d.builtin) defs.set(d.name, d);
    if (out === undefined) out = defs;
    else for (const [name, d] of out) if (definitionKey(defs.get(name)) !== definitionKey(d)) out.delete(name);
  }
  return out ?? new Map();
}

/** agreedBuiltins of the compilers of the units preprocessed (a patch, which sets up the dirty units only). */
export function unitBuiltins(units: readonly CompileUnit[], provider: ImplicitMacroProvider): Map<string, MacroDef> {
  return agreedBuiltins(units.flatMap((u) => preprocessedImplicitMacros(u, provider) ?? []));
}

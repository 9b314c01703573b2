// Memory regions and entry point of a build from its linker script and map file. Until the linker module
// is wired, it records that no script was read and why.
import type { BuildDescription } from '../../adapters/contract.js';
import type { Diagnostic } from '../model/diagnostic.js';

export interface BuildMemory {
  entryPoint: string;
  memory: unknown[];
  note: string;
  diagnostics: Diagnostic[];
}

export function describeBuildMemory(build: BuildDescription): BuildMemory {
  if (build.linkerScripts.length === 0) {
    return { entryPoint: '', memory: [], note: `no linker script recorded: the ${build.buildSystem} build names none`, diagnostics: [] };
  }
  return { entryPoint: '', memory: [], note: 'linker scripts are not read yet', diagnostics: [] };
}

// What a unit's stored result is checked against (its starting macros, whether it is preprocessed, its key), set up
// once per command line without the unit's own files (see commandWithoutOwnFiles), directory and source extension:
// the units of a build compiled with the same flags share it, the key is made per unit from its path. Leaves out the
// rest of a unit's set-up (search chain, diagnostics): a unit to walk is set up whole (setUpUnit).
import path from 'node:path';
import type { CompileUnit } from '../../adapters/contract.js';
import { commandWithoutOwnFiles } from '../model/compile-args.js';
import { stripWrapper } from '../model/compiler-binary.js';
import type { ImplicitMacroProvider } from './implicit-macros.js';
import type { StartingMacros } from './macro-definition.js';
import { setUpUnit } from './unit-environment.js';
import { keyFrom, keyTail } from './unit-result.js';

/** A unit's starting macros (shared, never changed), whether its source is preprocessed, and its key (see unitKey). */
export interface UnitSetUp {
  env: StartingMacros;
  preprocessed: boolean;
  key: string;
}

export class UnitSetUps {
  private readonly byCommand = new Map<string, { env: StartingMacros; preprocessed: boolean; tail: string }>();
  /** Units set up whole: one per distinct command line (without their own files), directory and extension. */
  made = 0;

  constructor(
    private readonly provider: ImplicitMacroProvider,
    private readonly extraDefines?: Record<string, string>,
  ) {}

  of(unit: CompileUnit): UnitSetUp {
    const command = `${unit.directory}\0${path.extname(unit.file)}\0${commandWithoutOwnFiles(stripWrapper(unit.arguments))}`;
    let shared = this.byCommand.get(command);
    if (shared === undefined) {
      const environment = setUpUnit(unit, this.provider, this.extraDefines);
      shared = { env: environment.env, preprocessed: environment.preprocessed, tail: keyTail(environment) };
      this.byCommand.set(command, shared);
      this.made++;
    }
    return { env: shared.env, preprocessed: shared.preprocessed, key: keyFrom(unit.file, shared.tail) };
  }
}

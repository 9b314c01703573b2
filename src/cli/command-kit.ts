// What every CLI command shares: its output (text or JSON, exit code), the common options, the project root.
import path from 'node:path';
import { findProjectRoot } from '../project/config.js';

export interface CommandOutput {
  /** Printed on stdout. */
  text: string;
  exitCode: number;
}

export interface CommonOptions {
  cwd: string;
  json: boolean;
  variant?: string;
  image?: string;
}

export const out = (json: boolean, value: unknown, text: () => string, exitCode = 0): CommandOutput => ({ text: json ? JSON.stringify(value, null, 2) : text(), exitCode });

/** Project root for commands that may create state: an existing project above cwd, else cwd. */
export function rootFor(cwd: string): string {
  return findProjectRoot(cwd) ?? path.resolve(cwd);
}

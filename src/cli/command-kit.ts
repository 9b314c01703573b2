// What every CLI command shares: its output (text or JSON, exit code), the common options, the project root.
import path from 'node:path';
import { findProjectRoot } from '../project/config.js';
import { prettyJsonPieces } from './pretty-json-pieces.js';

export interface CommandOutput {
  /** Printed on stdout. */
  text: string;
  exitCode: number;
  /** When set, `text` in pieces: printed one by one (a large JSON result is never one string). */
  pieces?: () => Iterable<string>;
}

export interface CommonOptions {
  cwd: string;
  json: boolean;
  variant?: string;
  /** Every `--variant` given, when more than one: only `index` takes several (the other commands refuse them). */
  variants?: string[];
  image?: string;
}

export const out = (json: boolean, value: unknown, text: () => string, exitCode = 0): CommandOutput => ({ text: json ? JSON.stringify(value, null, 2) : text(), exitCode });

/** As `out`, the JSON printed in pieces (see pretty-json-pieces.ts); its `text` is made only when asked for. */
export function outInPieces(json: boolean, value: unknown, text: () => string, exitCode = 0): CommandOutput {
  if (!json) return { text: text(), exitCode };
  const pieces = () => prettyJsonPieces(value);
  return {
    get text() {
      return [...pieces()].join('');
    },
    exitCode,
    pieces,
  };
}

/** Project root for commands that may create state: an existing project above cwd, else cwd. */
export function rootFor(cwd: string): string {
  return findProjectRoot(cwd) ?? path.resolve(cwd);
}

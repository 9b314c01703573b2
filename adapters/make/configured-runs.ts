// The make dry runs the project config asks for: a run per folder [make] dirs names and per [make.variants] entry
// (its `-C` folders taken out as make would take them, relative to the root), each after [make] args.
import path from 'node:path';
import { splitCommand } from '../../src/model/compile-args.js';

/** One dry run: where, with which arguments (after -nBwk), and the variant it names when [make.variants] gives one. */
export interface MakeRun {
  dir: string;
  args: string[];
  variant?: string;
}

/** What [make] and [make.variants] say to dry-run. */
export interface MakeRunConfig {
  makeArgs: string;
  makeDirs: readonly string[];
  makeVariants: Readonly<Record<string, string>>;
}

/** The runs [make] dirs and [make.variants] configure, in that order (none: the root or found Makefiles decide). */
export function configuredMakeRuns(root: string, config: MakeRunConfig): MakeRun[] {
  const common = splitCommand(config.makeArgs);
  return [
    ...config.makeDirs.map((d) => ({ dir: path.resolve(root, d), args: common })),
    ...Object.entries(config.makeVariants).map(([variant, line]) => ({ variant, ...withoutDirectory(root, splitCommand(line), common) })),
  ];
}

/** A variant's arguments with its `-C dir` / `-Cdir` / `--directory=dir` taken out, as the folder they lead to from the root. */
function withoutDirectory(root: string, words: string[], common: string[]): { dir: string; args: string[] } {
  let dir = root;
  const args = [...common];
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    const to = w === '-C' || w === '--directory' ? words[++i] : w.startsWith('--directory=') ? w.slice(12) : w.startsWith('-C') && w.length > 2 ? w.slice(2) : undefined;
    if (to !== undefined) dir = path.resolve(dir, to);
    else args.push(w);
  }
  return { dir, args };
}

/** The key a run and its record share: its variant name (if [make.variants] gave one) and folder. */
export function makeRunKey(dir: string, variant: string | undefined): string {
  return `${variant ?? ''}\0${dir}`;
}

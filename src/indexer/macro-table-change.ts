// What a change of a build's macro table reaches in the files a re-index does not otherwise redo. Their macro
// invocations (see macro-invocations.ts) are found again only where their compiled lines name a macro whose
// definitions changed, or one whose expansion may read such a macro (by name, or any macro pasting tokens with
// `##`); every other file keeps its parse, and only its activity key (which holds the table's digest) changes.
import fs from 'node:fs';
import type { MacroRecord } from '../preprocessor/api.js';
import type { MergedFile } from '../preprocessor/merge-unit-results.js';
import { decodeRanges } from '../model/line-ranges.js';
import type { StoredBuildFile } from '../index/index-writer.js';
import type { FileStates } from './file-states.js';
import { activityKey, asIncludedActivity, scopedActivity, maskText } from './mask-files.js';
import { absolutePath } from './vendor-paths.js';
import { AS_INCLUDED, isAssemblerPath } from '../parser/extract-asm.js';

/** Per name, its definitions as a file's uses resolve them (file, parameters, replacement; in file and line order). */
function definitionsByName(records: readonly MacroRecord[]): Map<string, string> {
  const sorted = [...records].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
  const out = new Map<string, string>();
  for (const r of sorted) out.set(r.name, `${out.get(r.name) ?? ''}${r.file}\0${r.params ?? ''}\0${r.value}\n`);
  return out;
}

const IDENTIFIER = /[A-Za-z_]\w*/g;

/**
 * The names whose definitions differ between the tables, with every name whose expansion may read one: its
 * replacement names one (transitively), or pastes tokens (`##` can make any name).
 */
export function namesReachingChanges(before: readonly MacroRecord[], after: readonly MacroRecord[]): Set<string> {
  const a = definitionsByName(before);
  const b = definitionsByName(after);
  const out = new Set<string>();
  for (const [name, defs] of a) if (b.get(name) !== defs) out.add(name);
  for (const name of b.keys()) if (!a.has(name)) out.add(name);
  if (out.size === 0) return out;
  const readers = new Map<string, Set<string>>();
  for (const r of [...before, ...after]) {
    if (r.value.includes('##')) out.add(r.name);
    for (const id of r.value.match(IDENTIFIER) ?? []) {
      let s = readers.get(id);
      if (!s) readers.set(id, (s = new Set()));
      s.add(r.name);
    }
  }
  const queue = [...out];
  while (queue.length) {
    for (const reader of readers.get(queue.pop()!) ?? []) {
      if (out.has(reader)) continue;
      out.add(reader);
      queue.push(reader);
    }
  }
  return out;
}

export interface RekeyedFiles {
  /** Files to mask again (their invocations may change), as merged files from their stored lines. */
  remask: MergedFile[];
  /**
   * Files to mask again that #undefs of the units reading them decide names in (see undone-names.ts): merged again
   * from those units first (absolute paths).
   */
  remerge: string[];
  /** The other files with the activity key they take: [stored path, activity]. */
  activities: [string, string][];
}

export interface RekeyContext {
  root: string;
  states: FileStates;
  /** The build's stored files and the lines each compiles (ranges text), by stored path. */
  stored: Map<string, StoredBuildFile>;
  activeLines: Map<string, string>;
  /** Of the macros that mask a file parsed in this language: the key of those blanked, the table's digest before and after. */
  keys: (language: string) => TableKeys;
  /**
   * The digest of the build's assembler macros as kept for the stored index (see kept-assembler-macros.ts), which
   * assembler files' keys hold beside the C table's; empty when it defines none or they are not kept.
   */
  asmDigest: string;
}

export interface TableKeys {
  blankKey: string;
  /** The key of those blanked in a file that sees no #define of a unit file (see MacroSet.plainBlankable): what activities name. */
  plainBlankKey: string;
  digestBefore: string;
  digestAfter: string;
}

/**
 * The build's files other than `redone` (stored paths) sorted into those to mask again and those that only
 * take the new table's activity key. Null when a file's stored key is not the one its stored lines give
 * (then the full path runs).
 */
export function rekeyFiles(redone: ReadonlySet<string>, names: ReadonlySet<string>, ctx: RekeyContext): RekeyedFiles | null {
  const out: RekeyedFiles = { remask: [], remerge: [], activities: [] };
  for (const [rel, f] of ctx.stored) {
    if (redone.has(rel) || f.activity === null) continue;
    const active = ctx.activeLines.get(rel);
    const file = absolutePath(ctx.root, rel);
    const state = ctx.states.get(file);
    if (active === undefined || !state) return null;
    const ranges = decodeRanges(active).flat();
    // A file only `.include` reads sees no C macro: its key holds while the assembler macros do.
    if (f.language === AS_INCLUDED) {
      if (asIncludedActivity(state.hash, ranges, ctx.asmDigest) !== f.activity) return null;
      continue;
    }
    const keys = ctx.keys(f.language);
    // A file that sees #defines of unit files keeps their digest after a `:` (see scopedActivity).
    const colon = f.activity.indexOf(':');
    const scopeDigest = colon < 0 ? '' : f.activity.slice(colon + 1);
    const blankKey = keys.plainBlankKey;
    const [before, after] = [keys.digestBefore, keys.digestAfter].map((d) => withAsmDigest(rel, d, ctx.asmDigest));
    if (scopedActivity(activityKey(state.hash, ranges, f.language, blankKey, before), scopeDigest) !== f.activity) return null;
    if (namesAny(file, ranges, names, ctx.states)) {
      // Masked again without the units that read it: what of their #defines it sees is not known here. Where their
      // #undefs decide names (a `u` and its digest after the scope's, see mask-files.ts), they are merged again.
      // Where headers' #defines reach it (an `h` and its digest, last) is made from those units too.
      const undone = scopeDigest.indexOf('u');
      if (undone > 0) return null;
      if (undone === 0 || scopeDigest.includes('h')) {
        out.remerge.push(file);
        continue;
      }
      const counter = counterMarksOf(scopeDigest);
      out.remask.push({ file, language: f.language as MergedFile['language'], lineCount: 0, ranges, readBy: [], ...(counter ? { counter } : {}) });
    } else out.activities.push([rel, scopedActivity(activityKey(state.hash, ranges, f.language, blankKey, after), scopeDigest)]);
  }
  return out;
}

/**
 * The `__COUNTER__` marks of a unit's own file (MergedFile.counter) its activity key holds past the `:` (see
 * readersSuffix and withHeaders in mask-files.ts: the sha1 of the sites it sees or nothing, then `c` and the marks,
 * then `u` or `h` and their digests), or undefined.
 */
function counterMarksOf(suffix: string): number[] | undefined {
  const at = /^[0-9a-f]{40}/.test(suffix) ? 40 : 0;
  if (suffix[at] !== 'c') return undefined;
  const end = suffix.slice(at + 1).search(/[uh]/);
  const marks = suffix.slice(at + 1, end < 0 ? undefined : at + 1 + end);
  return marks === '' ? [] : marks.split(',').map(Number);
}

/**
 * The table digest an assembler file's key holds: the C table's with the build's assembler macros' (as mask-files.ts
 * makes it; a patch that changes those declines after masking, see patch-build.ts).
 */
function withAsmDigest(rel: string, digest: string, asmDigest: string): string {
  return asmDigest && isAssemblerPath(rel) ? `${digest}\0asm\0${asmDigest}` : digest;
}

/** True when the compiled lines of `file` hold one of `names` (as text: a superset of naming it). */
function namesAny(file: string, ranges: number[], names: ReadonlySet<string>, states: FileStates): boolean {
  if (names.size === 0 || ranges.length === 0) return false;
  let text: string;
  try {
    text = (states.keptBytes(file)?.bytes ?? fs.readFileSync(file)).toString('utf8');
  } catch {
    return true;
  }
  const { masked } = maskText(text, ranges);
  for (const name of names) if (masked.includes(name)) return true;
  return false;
}

// Where a name no build compiles is written: scans the indexed C/C++ files that mention it, parses them
// with every conditional branch visible (directive lines blanked) and keeps the definitions (else the
// declarations) and #defines of that name. Bounded by file count and bytes; says when it stopped early.
import fs from 'node:fs';
import type { IndexReader } from '../index/index-reader.js';
import { absolutePath } from '../indexer/vendor-paths.js';
import { extractSymbols } from '../parser/extract-symbols.js';
import { buildSkeleton } from '../preprocessor/file-skeleton.js';
import { isCFamilyFile, isCxxFile } from '../model/source-suffixes.js';

export interface WrittenPlace {
  file: string;
  line: number;
  kind: string;
  is_definition: boolean;
  signature?: string;
}

const MAX_BYTES = 64 * 1024 * 1024;
const MAX_PLACES = 3;

export function scanForDefinitions(reader: IndexReader, root: string, name: string, kinds: string[] | undefined, wantsMacros: boolean): { places: WrittenPlace[]; complete: boolean } {
  const word = new RegExp(`\\b${name.replace(/[^\w]/g, (c) => '\\' + c)}\\b`);
  const defineRe = new RegExp(`^[ \\t]*#[ \\t]*define[ \\t]+${name.replace(/\W/g, '')}\\b`, 'm');
  const definitions: WrittenPlace[] = [];
  const declarations: WrittenPlace[] = [];
  let bytes = 0;
  let complete = true;
  for (const f of reader.files()) {
    if (!isCFamilyFile(f.path)) continue;
    if (bytes > MAX_BYTES) {
      complete = false;
      break;
    }
    let text: string;
    try {
      text = fs.readFileSync(absolutePath(root, f.path), 'utf8');
    } catch {
      continue;
    }
    bytes += text.length;
    if (!word.test(text)) continue;
    if (wantsMacros) macroPlaces(f.path, text, defineRe).forEach((p) => definitions.push(p));
    if (kinds?.length === 0) continue;
    for (const s of extractSymbols(directivesBlanked(f.path, text), { relPath: f.path, language: isCxxFile(f.path) ? 'cpp' : 'c' }).symbols) {
      if ((s.name !== name && s.qualifiedName !== name) || s.kind === 'varlocal' || (kinds && !kinds.includes(s.kind))) continue;
      (s.isDefinition ? definitions : declarations).push({ file: f.path, line: s.line, kind: s.kind, is_definition: s.isDefinition, signature: s.signature });
    }
    if (definitions.length >= MAX_PLACES) break;
  }
  return { places: (definitions.length ? definitions : declarations).slice(0, MAX_PLACES), complete };
}

function macroPlaces(file: string, text: string, defineRe: RegExp): WrittenPlace[] {
  if (!defineRe.test(text)) return [];
  const lines = text.split('\n');
  const out: WrittenPlace[] = [];
  lines.forEach((l, i) => {
    if (defineRe.test(l)) out.push({ file, line: i + 1, kind: 'macro', is_definition: true });
  });
  return out;
}

/** The text with every directive line turned into spaces (line numbers and columns kept). */
function directivesBlanked(file: string, text: string): string {
  const sk = buildSkeleton(file, text);
  const lines = text.split('\n');
  for (const d of sk.directives) {
    for (let l = d.line; l <= d.endLine && l <= lines.length; l++) lines[l - 1] = lines[l - 1].replace(/[^\r]/g, ' ');
  }
  return lines.join('\n');
}

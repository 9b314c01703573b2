// find_dead_code: function definitions of one build that nothing calls or references — no call row (written,
// macro-made, through a pointer, a vector slot), no function-pointer store, not the linker script's entry or
// an EXTERN/KEEP name. `dead` (internal linkage) vs `possibly_dead` (could be reached from outside the build's
// sources), each with its reason. Leaves out static inline functions of headers (unused API helpers).
import fs from 'node:fs';
import path from 'node:path';
import type { UnreferencedFunction } from '../../index/call-graph-reader.js';
import { isIncludedFile } from '../../model/source-suffixes.js';
import { pageBounds, pagedAnswer, type PageNotice } from '../paged-answer.js';
import { requireReader, resolveProjectBuild, type ProjectContext } from '../project-context.js';
import type { BuildSelector } from '../resolve-build.js';

export interface DeadCodeRequest extends BuildSelector {
  limit?: number;
  offset?: number;
  projectOnly?: boolean;
}

export interface DeadCodeRow {
  name: string;
  file: string;
  line: number;
  status: 'dead' | 'possibly_dead';
  reason: string;
  signature: string;
}

const HANDLER_NAME = /(_IRQHandler|_Handler|_isr|_ISR)$/;

/** Names a linker script keeps alive: ENTRY, EXTERN, KEEP(*(.text.NAME)), PROVIDE(x = NAME). */
export function linkerKeptNames(scripts: string[], root: string): Set<string> {
  const names = new Set<string>();
  for (const s of scripts) {
    let text: string;
    try {
      text = fs.readFileSync(path.isAbsolute(s) ? s : path.join(root, s), 'utf8');
    } catch {
      continue;
    }
    for (const m of text.matchAll(/\b(?:ENTRY|EXTERN)\s*\(([^)]*)\)/g)) for (const n of m[1].split(/[\s,]+/)) if (n) names.add(n);
    for (const m of text.matchAll(/KEEP\s*\([^)]*\.text\.([A-Za-z_]\w*)/g)) names.add(m[1]);
    for (const m of text.matchAll(/PROVIDE(?:_HIDDEN)?\s*\(\s*\w+\s*=\s*([A-Za-z_]\w*)\s*\)/g)) names.add(m[1]);
  }
  return names;
}

function classify(f: UnreferencedFunction): { status: DeadCodeRow['status']; reason: string } | null {
  const sig = f.signature;
  if (isIncludedFile(f.file) && /\binline\b/.test(sig)) return null;
  if (/\bweak\b/.test(sig)) return { status: 'possibly_dead', reason: 'weak definition: a strong definition elsewhere would replace it, and code outside the build may call it' };
  if (HANDLER_NAME.test(f.name)) return { status: 'possibly_dead', reason: 'named like an interrupt handler, but no vector table or IRQ registration of this build names it' };
  if (f.via_macro) return { status: 'possibly_dead', reason: `made by macro ${f.via_macro}; nothing in this build calls or references it` };
  if (/^\s*(static\b|.*\bstatic\s)/.test(sig) && !isIncludedFile(f.file)) return { status: 'dead', reason: 'static function: nothing in its file calls it, stores its address or names it' };
  return { status: 'possibly_dead', reason: 'external linkage: no caller in this build, but a library, assembler code or another image may call it' };
}

export function findDeadCode(ctx: ProjectContext, req: DeadCodeRequest): (Record<string, unknown> | PageNotice | DeadCodeRow)[] {
  const reader = requireReader(ctx);
  const build = resolveProjectBuild(ctx, req);
  const { limit, offset } = pageBounds(req, 50, 500);
  const kept = linkerKeptNames(build.linkerScripts, ctx.root);
  if (build.entryPoint) kept.add(build.entryPoint);
  kept.add('main');
  const rows: DeadCodeRow[] = [];
  for (const f of reader.callGraph().unreferencedFunctions(build.id, !!req.projectOnly)) {
    if (kept.has(f.name)) continue;
    const c = classify(f);
    if (c) rows.push({ name: f.qualified_name, file: f.file, line: f.line, ...c, signature: f.signature });
  }
  rows.sort((a, b) => (a.status === b.status ? 0 : a.status === 'dead' ? -1 : 1));
  return pagedAnswer(ctx, reader, build, rows.slice(offset, offset + limit), rows.length, offset);
}

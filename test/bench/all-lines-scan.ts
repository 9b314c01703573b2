// Benchmark baseline: follows #include lines through the unit's include paths and treats every
// non-directive line as active (no #if evaluation), to measure what the real preprocessor costs.
import fs from 'node:fs';
import path from 'node:path';
import type { CompileUnit } from '../../adapters/contract.js';
import { parseCompileArgs, type Language } from '../../src/model/compile-args.js';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import type { BuildPreprocessResult, FileActivity, MacroRecord, PreprocessOptions } from '../../src/preprocessor/api.js';

const INCLUDE = /^\s*#\s*include(?:_next)?\s*([<"])([^>"]+)[>"]/;
const DEFINE = /^\s*#\s*define\s+([A-Za-z_]\w*)(\([^)]*\))?\s*(.*)$/;

function directiveRows(lines: string[]): Uint8Array {
  const active = new Uint8Array(lines.length);
  let continued = false;
  for (let i = 0; i < lines.length; i++) {
    const isDirective: boolean = continued || /^\s*#/.test(lines[i]);
    continued = isDirective && /\\\r?$/.test(lines[i]);
    active[i] = isDirective ? 0 : 1;
  }
  return active;
}

export function scanIncludes(units: CompileUnit[], options: PreprocessOptions = {}): BuildPreprocessResult {
  const started = performance.now();
  const read = options.readFile ?? ((f: string) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : undefined));
  const files = new Map<string, FileActivity>();
  const unitFiles = new Map<string, string[]>();
  const macros = new Map<string, MacroRecord>();
  const diagnostics: Diagnostic[] = [];
  const texts = new Map<string, string | undefined>();
  const text = (f: string) => {
    if (!texts.has(f)) texts.set(f, read(f));
    return texts.get(f);
  };
  for (const unit of units) {
    const args = parseCompileArgs(unit.arguments, unit.directory, unit.file);
    const seen = new Set<string>();
    const visit = (file: string, language: Language) => {
      if (seen.has(file)) return;
      seen.add(file);
      const t = text(file);
      if (t === undefined) return;
      const lines = t.split('\n');
      let fa = files.get(file);
      if (!fa) {
        fa = { file, language, activeLines: directiveRows(lines), readBy: [] };
        files.set(file, fa);
      }
      if (language === 'cpp') fa.language = 'cpp';
      fa.readBy.push(unit.file);
      lines.forEach((line, i) => {
        const d = DEFINE.exec(line);
        if (d) {
          const key = `${d[1]}\u0000${file}\u0000${i + 1}`;
          if (!macros.has(key)) {
            const value = d[3].replace(/\/\*.*?\*\/|\/\/.*$/g, '').trim();
            const num = /^\(?\s*(0[xX][0-9a-fA-F]+|\d+)[uUlL]*\s*\)?$/.exec(value);
            macros.set(key, { name: d[1], params: d[2] ?? null, value, functionLike: !!d[2], file, line: i + 1, expandedValue: !d[2] && num ? BigInt(num[1]).toString() : null });
          }
        }
        const m = INCLUDE.exec(line);
        if (!m) return;
        const dirs = m[1] === '"' ? [path.dirname(file), ...args.quoteDirs, ...args.includeDirs, ...args.systemDirs, ...args.afterDirs] : [...args.includeDirs, ...args.systemDirs, ...args.afterDirs];
        for (const dir of dirs) {
          const cand = path.resolve(dir, m[2]);
          if (text(cand) !== undefined) return visit(cand, language);
        }
        if (m[1] === '"') diagnostics.push({ severity: 'warning', file, line: i + 1, message: `cannot find included file "${m[2]}"`, fix: 'check the -I paths of the compile command' });
      });
    };
    for (const f of [...args.imacros, ...args.includes]) visit(f, args.language);
    visit(unit.file, args.language);
    unitFiles.set(unit.file, [...seen]);
  }
  return { files, macros: [...macros.values()], unitFiles, implicitMacros: [], diagnostics, elapsedMs: performance.now() - started };
}

// `cpp -P`-like text preprocessing for linker scripts: conditionals, #define/#undef, macro expansion of active
// lines, keeping the input's line numbering (directive and inactive lines come out blank). #include'd files
// contribute their macros only: their text is NOT inserted (mbed/NXP/Zephyr scripts include headers that only
// define macros); an included file with active non-directive content gets a warning. No implicit macros.
import path from 'node:path';
import type { Diagnostic } from '../model/diagnostic.js';
import { SkeletonCache } from './file-skeleton.js';
import { FileSource, defaultReadFile } from './file-source.js';
import { buildSearchChain, IncludeResolver } from './include-resolver.js';
import { builtinMacro, defineFromCommandLine, type MacroEnv } from './macro-definition.js';
import { scanSource, physicalLines, type LogicalLine } from './scan-source.js';
import { lexLine, spell, type Token } from './tokens.js';
import { UnitWalker } from './unit-walker.js';

export interface PreprocessTextOptions {
  /** NAME → value (`1` for a bare define); a name may carry a parameter list: `F(x)` → `x+1`. */
  defines?: Record<string, string>;
  undefines?: string[];
  /** Searched for both "..." (after the including file's folder) and <...> includes. */
  includeDirs?: string[];
  readFile?: (f: string) => string | undefined;
}

export interface PreprocessTextResult {
  /** Same number of lines as the input; line N of the output comes from line N of the input. */
  text: string;
  diagnostics: Diagnostic[];
}

/** Preprocess `text` (the content of `file`) with the given macros. */
export function preprocessToText(text: string, file: string, options: PreprocessTextOptions = {}): PreprocessTextResult {
  const abs = path.resolve(file);
  const readFile = options.readFile ?? defaultReadFile;
  const source = new FileSource((f) => (f === abs ? text : readFile(f)), new SkeletonCache(), true);
  const env: MacroEnv = new Map();
  for (const [name, b] of [
    ['__has_include', 'has_include'],
    ['__has_include_next', 'has_include_next'],
    ['__LINE__', 'line'],
    ['__FILE__', 'file'],
    ['__COUNTER__', 'counter'],
  ] as const) env.set(name, builtinMacro(name, b));
  const diagnostics: Diagnostic[] = [];
  for (const [name, value] of Object.entries(options.defines ?? {})) {
    const p = defineFromCommandLine(name, value);
    if (p.def) env.set(p.def.name, p.def);
    else diagnostics.push({ severity: 'error', file: '<command-line>', message: `-D${name}: ${p.error}` });
  }
  for (const name of options.undefines ?? []) env.delete(name);

  const chain = buildSearchChain({ quoteDirs: [], includeDirs: (options.includeDirs ?? []).map((d) => path.resolve(d)), systemDirs: [], compilerSystemDirs: [], afterDirs: [] });
  const physical = physicalLines(text);
  const out: string[] = new Array(physical.length).fill('');
  const scan = scanSource(text, { keepCodeText: true, asm: true });
  // Logical lines by first physical line, for the main file.
  const byFirst = new Map<number, LogicalLine>();
  for (const ll of scan.lines) if (!ll.directive) byFirst.set(ll.first, ll);
  const includedWithContent = new Map<string, number>();

  const walker: UnitWalker = new UnitWalker(
    { skeleton: (f) => source.skeleton(f), exists: (f) => source.exists(f), resolver: new IncludeResolver((f) => source.exists(f)) },
    {
      env,
      chain,
      features: { gccMajor: 0, cplusplus: false },
      evalOptions: {},
      onActiveRange: (f, from, to) => {
        if (f !== abs) {
          if (!includedWithContent.has(f)) {
            const t = source.read(f) ?? '';
            const s = scanSource(t, { asm: true });
            const hit = s.lines.find((ll) => !ll.directive && ll.hasCode && ll.first >= from && ll.first <= to);
            if (hit) includedWithContent.set(f, hit.first);
          }
          return;
        }
        expandRange(from, to);
      },
    },
  );

  const expandRange = (from: number, to: number) => {
    for (let line = from; line <= to; line++) {
      const ll = byFirst.get(line);
      if (!ll) continue;
      if (!ll.hasCode) {
        copyPhysical(ll);
        continue;
      }
      let toks = lexLine(ll.text!, true);
      let last = ll.last;
      let errors: string[] = [];
      let expanded = walker.expandText(toks, abs, line, (m) => errors.push(m));
      // A function-like macro call whose arguments continue on following lines: join them.
      while (errors.some((e) => e.startsWith('unterminated argument list')) && last < to) {
        const nxt = byFirst.get(last + 1);
        if (!nxt) break;
        toks = [...toks, ...lexLine(nxt.text!, true).map((t, k) => (k === 0 ? { ...t, sp: true } : t))];
        last = nxt.last;
        errors = [];
        expanded = walker.expandText(toks, abs, line, (m) => errors.push(m));
      }
      for (const m of errors) diagnostics.push({ severity: 'error', file: abs, line, message: m });
      if (last === ll.last && sameTokens(toks, expanded)) copyPhysical(ll);
      else {
        const indent = /^[ \t]*/.exec(physical[line - 1] ?? '')![0];
        out[line - 1] = indent + spell(expanded);
      }
      line = last;
    }
  };
  const copyPhysical = (ll: LogicalLine) => {
    for (let k = ll.first; k <= ll.last; k++) out[k - 1] = physical[k - 1] ?? '';
  };

  walker.walkRoot(abs);
  diagnostics.push(...walker.diagnostics);
  for (const [f, line] of includedWithContent) {
    diagnostics.push({
      severity: 'warning',
      file: f,
      line,
      message: 'included file has content besides directives; only its macros are used, its text is not inserted into the linker script',
      fix: 'move that content into the linker script itself, or into a file it INCLUDEs',
    });
  }
  const eol = /\r\n/.test(text) ? '\r\n' : '\n';
  const trailing = /(\r\n|\n|\r)$/.test(text) ? eol : '';
  return { text: out.join(eol) + trailing, diagnostics };
}

function sameTokens(a: Token[], b: Token[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i].v !== b[i].v) return false;
  return true;
}

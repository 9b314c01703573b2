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
  const diagnostics: Diagnostic[] = [];
  const env = startingMacros(options, diagnostics);
  const chain = buildSearchChain({ quoteDirs: [], includeDirs: (options.includeDirs ?? []).map((d) => path.resolve(d)), systemDirs: [], compilerSystemDirs: [], afterDirs: [] });
  const script = new ScriptLines(text, abs, diagnostics);
  const includedWithContent = new Map<string, number>();
  const walker: UnitWalker = new UnitWalker(
    { skeleton: (f) => source.skeleton(f), exists: (f) => source.exists(f), resolver: new IncludeResolver((f) => source.exists(f)) },
    {
      env,
      chain,
      features: { gccMajor: 0, cplusplus: false },
      evalOptions: {},
      onActiveRange: (f, from, to) => {
        if (f === abs) script.expandRange(walker, from, to);
        else if (!includedWithContent.has(f)) {
          const line = firstCodeLine(source.read(f) ?? '', from, to);
          if (line !== undefined) includedWithContent.set(f, line);
        }
      },
    },
  );
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
  return { text: script.joined(), diagnostics };
}

/** The built-in macros a linker script may use, with the options' -D and -U applied (a bad -D is a diagnostic). */
function startingMacros(options: PreprocessTextOptions, diagnostics: Diagnostic[]): MacroEnv {
  const env: MacroEnv = new Map();
  for (const [name, b] of [
    ['__has_include', 'has_include'],
    ['__has_include_next', 'has_include_next'],
    ['__LINE__', 'line'],
    ['__FILE__', 'file'],
    ['__COUNTER__', 'counter'],
  ] as const) env.set(name, builtinMacro(name, b));
  for (const [name, value] of Object.entries(options.defines ?? {})) {
    const p = defineFromCommandLine(name, value);
    if (p.def) env.set(p.def.name, p.def);
    else diagnostics.push({ severity: 'error', file: '<command-line>', message: `-D${name}: ${p.error}` });
  }
  for (const name of options.undefines ?? []) env.delete(name);
  return env;
}

/** The first line between `from` and `to` of an included file's text that holds code, not a directive. */
function firstCodeLine(text: string, from: number, to: number): number | undefined {
  return scanSource(text, { asm: true }).lines.find((ll) => !ll.directive && ll.hasCode && ll.first >= from && ll.first <= to)?.first;
}

/** The script's output lines: blank until an active range copies or expands them. */
class ScriptLines {
  private readonly physical: string[];
  private readonly out: string[];
  /** Logical lines that are not directives, by first physical line. */
  private readonly byFirst = new Map<number, LogicalLine>();

  constructor(
    private readonly text: string,
    private readonly file: string,
    private readonly diagnostics: Diagnostic[],
  ) {
    this.physical = physicalLines(text);
    this.out = new Array(this.physical.length).fill('');
    for (const ll of scanSource(text, { keepCodeText: true, asm: true }).lines) if (!ll.directive) this.byFirst.set(ll.first, ll);
  }

  /** Lines `from`..`to` (active in the walk) with their macros expanded; a line whose tokens stay the same is copied. */
  expandRange(walker: UnitWalker, from: number, to: number): void {
    for (let line = from; line <= to; line++) {
      const ll = this.byFirst.get(line);
      if (!ll) continue;
      if (!ll.hasCode) {
        this.copyPhysical(ll);
        continue;
      }
      const { toks, last, expanded } = this.expandLine(walker, ll, line, to);
      if (last === ll.last && sameTokens(toks, expanded)) this.copyPhysical(ll);
      else {
        const indent = /^[ \t]*/.exec(this.physical[line - 1] ?? '')![0];
        this.out[line - 1] = indent + spell(expanded);
      }
      line = last;
    }
  }

  /** One logical line expanded; a function-like macro call whose arguments continue on the following lines takes them. */
  private expandLine(walker: UnitWalker, ll: LogicalLine, line: number, to: number): { toks: Token[]; last: number; expanded: Token[] } {
    let toks = lexLine(ll.text!, true);
    let last = ll.last;
    let errors: string[] = [];
    let expanded = walker.expandText(toks, this.file, line, (m) => errors.push(m));
    while (errors.some((e) => e.startsWith('unterminated argument list')) && last < to) {
      const nxt = this.byFirst.get(last + 1);
      if (!nxt) break;
      toks = [...toks, ...lexLine(nxt.text!, true).map((t, k) => (k === 0 ? { ...t, sp: true } : t))];
      last = nxt.last;
      errors = [];
      expanded = walker.expandText(toks, this.file, line, (m) => errors.push(m));
    }
    for (const m of errors) this.diagnostics.push({ severity: 'error', file: this.file, line, message: m });
    return { toks, last, expanded };
  }

  private copyPhysical(ll: LogicalLine): void {
    for (let k = ll.first; k <= ll.last; k++) this.out[k - 1] = this.physical[k - 1] ?? '';
  }

  /** The output with the input's line ending, and its final line break when it had one. */
  joined(): string {
    const eol = /\r\n/.test(this.text) ? '\r\n' : '\n';
    const trailing = /(\r\n|\n|\r)$/.test(this.text) ? eol : '';
    return this.out.join(eol) + trailing;
  }
}

function sameTokens(a: Token[], b: Token[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i].v !== b[i].v) return false;
  return true;
}

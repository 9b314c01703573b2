// Parses build.ninja and what it includes into rules, edges, pools and defaults, with ninja's scoping
// (include shares a scope, subninja opens one; edge bindings evaluate in the file scope). Leaves out dyndep.
import path from 'node:path';
import type { Diagnostic } from '../contract.js';
import { readText } from '../shared/fs-helpers.js';
import { NinjaLexer, type EvalString, type TokenKind } from './ninja-lexer.js';
import { NinjaScope, canonicalizePath, evaluate, type NinjaRule } from './ninja-scope.js';

export interface NinjaEdge {
  rule: NinjaRule;
  /** Explicit outputs (`$out`). */
  outputs: string[];
  implicitOutputs: string[];
  /** Explicit inputs (`$in`). */
  inputs: string[];
  implicitInputs: string[];
  orderOnlyInputs: string[];
  validations: string[];
  /** The scope edge variables are looked up in: its own bindings when it has any, else the file scope. */
  env: NinjaScope;
  /** True when the edge had its own indented bindings. */
  hasOwnBindings: boolean;
  pool?: string;
  file: string;
  line: number;
}

export interface NinjaManifest {
  /** Folder ninja runs in; relative paths (and include/subninja names) resolve against it. */
  buildDir: string;
  file: string;
  edges: NinjaEdge[];
  pools: Map<string, number>;
  defaults: string[];
  root: NinjaScope;
  /** Every manifest file read, the top one first. */
  files: string[];
  /** Every output path (explicit and implicit) of every edge. */
  outputs: Set<string>;
  diagnostics: Diagnostic[];
}

export interface ParseNinjaOptions {
  /** Read a manifest; defaults to the file system. */
  readFile?: (file: string) => string | undefined;
}

const PHONY: NinjaRule = { name: 'phony', bindings: new Map(), file: '<built-in>', line: 0 };

class ParseError extends Error {}

class ManifestParser {
  private lx!: NinjaLexer;
  constructor(
    private readonly m: NinjaManifest,
    private readonly scope: NinjaScope,
    private readonly file: string,
    private readonly readFile: (file: string) => string | undefined,
    private readonly depth: number,
  ) {}

  parse(text: string): void {
    this.lx = new NinjaLexer(text);
    for (;;) {
      const before = this.lx.pos;
      try {
        const tok = this.lx.readToken();
        if (tok === 'EOF') return;
        this.statement(tok);
      } catch (err) {
        if (!(err instanceof ParseError)) throw err;
        this.m.diagnostics.push({
          severity: 'error',
          file: this.file,
          line: this.lx.tokenLine,
          message: `ninja syntax: ${err.message}; statement skipped`,
          fix: 'regenerate build.ninja with the build system, or correct the line',
        });
        if (this.lx.pos <= before) this.lx.pos = before + 1;
        this.lx.skipLine();
        // Also skip the indented bindings of a broken rule/build.
        while (this.lx.peekToken('INDENT')) this.lx.skipLine();
      }
    }
  }

  private fail(message: string): never {
    throw new ParseError(this.lx.error ?? message);
  }

  private expect(kind: TokenKind, what: string): void {
    const t = this.lx.readToken();
    if (t !== kind) this.fail(`expected ${what}`);
  }

  private statement(tok: TokenKind): void {
    this.lx.error = undefined;
    switch (tok) {
      case 'NEWLINE':
        return;
      case 'IDENT': {
        const [key, value] = this.letAfterIdent(this.lx.ident);
        this.scope.vars.set(key, evaluate(value, (n) => this.scope.lookup(n)));
        return;
      }
      case 'RULE':
        return this.rule();
      case 'BUILD':
        return this.edge();
      case 'POOL':
        return this.pool();
      case 'DEFAULT':
        return this.defaults();
      case 'INCLUDE':
      case 'SUBNINJA':
        return this.fileInclude(tok === 'SUBNINJA');
      default:
        this.fail(tok === 'INDENT' ? 'unexpected indent' : `unexpected ${tok.toLowerCase()}`);
    }
  }

  /** `key = value` where the key was already read as a token. */
  private letAfterIdent(key: string): [string, EvalString] {
    this.expect('EQUALS', "'='");
    const v = this.lx.readEvalString(false);
    if (!v) this.fail('bad value');
    return [key, v];
  }

  /** An indented `key = value` line inside a rule/build/pool block. */
  private let(): [string, EvalString] {
    const key = this.lx.readIdent();
    if (!key) this.fail('expected variable name');
    return this.letAfterIdent(key);
  }

  private readPath(): EvalString | undefined {
    const p = this.lx.readEvalString(true);
    if (!p) this.fail('bad path');
    return p.length ? p : undefined;
  }

  private rule(): void {
    const name = this.lx.readIdent();
    if (!name) this.fail('expected rule name');
    const line = this.lx.tokenLine;
    this.expect('NEWLINE', 'newline');
    if (this.scope.rules.has(name)) this.fail(`duplicate rule '${name}'`);
    const rule: NinjaRule = { name, bindings: new Map(), file: this.file, line };
    while (this.lx.peekToken('INDENT')) {
      const [k, v] = this.let();
      rule.bindings.set(k, v);
    }
    if (!rule.bindings.has('command') && name !== 'phony') {
      this.m.diagnostics.push({ severity: 'warning', file: this.file, line, message: `rule '${name}' has no command`, fix: 'regenerate build.ninja' });
    }
    this.scope.rules.set(name, rule);
  }

  private pathList(): EvalString[] {
    const out: EvalString[] = [];
    for (let p = this.readPath(); p; p = this.readPath()) out.push(p);
    return out;
  }

  private edge(): void {
    const line = this.lx.tokenLine;
    const outs = this.pathList();
    const implicitOuts = this.lx.peekToken('PIPE') ? this.pathList() : [];
    if (outs.length + implicitOuts.length === 0) this.fail('expected path');
    this.expect('COLON', "':'");
    const ruleName = this.lx.readIdent();
    if (!ruleName) this.fail('expected build command name');
    const rule = ruleName === 'phony' ? PHONY : this.scope.lookupRule(ruleName);
    if (!rule) this.fail(`unknown build rule '${ruleName}'`);
    const ins = this.pathList();
    const implicit = this.lx.peekToken('PIPE') ? this.pathList() : [];
    const orderOnly = this.lx.peekToken('PIPE2') ? this.pathList() : [];
    const validations = this.lx.peekToken('PIPEAT') ? this.pathList() : [];
    this.expect('NEWLINE', 'newline');
    // Edge bindings are evaluated in the file scope (not in each other), as ninja does.
    let env = this.scope;
    let hasOwn = false;
    if (this.lx.peekToken('INDENT')) {
      env = new NinjaScope(this.scope);
      hasOwn = true;
      do {
        const [k, v] = this.let();
        env.vars.set(k, evaluate(v, (n) => this.scope.lookup(n)));
      } while (this.lx.peekToken('INDENT'));
    }
    const evalPaths = (list: EvalString[]) => list.map((p) => canonicalizePath(evaluate(p, (n) => env.lookup(n))));
    const edge: NinjaEdge = {
      rule,
      outputs: evalPaths(outs),
      implicitOutputs: evalPaths(implicitOuts),
      inputs: evalPaths(ins),
      implicitInputs: evalPaths(implicit),
      orderOnlyInputs: evalPaths(orderOnly),
      validations: evalPaths(validations),
      env,
      hasOwnBindings: hasOwn,
      file: this.file,
      line,
    };
    const pool = hasOwn ? env.vars.get('pool') : undefined;
    const rulePool = rule.bindings.get('pool');
    edge.pool = pool ?? (rulePool ? evaluate(rulePool, (n) => env.lookup(n)) : undefined);
    if (edge.pool && edge.pool !== 'console' && !this.m.pools.has(edge.pool)) {
      this.m.diagnostics.push({ severity: 'warning', file: this.file, line, message: `unknown pool name '${edge.pool}'`, fix: 'declare the pool before the build statement' });
    }
    for (const o of [...edge.outputs, ...edge.implicitOutputs]) {
      if (this.m.outputs.has(o)) {
        this.m.diagnostics.push({ severity: 'warning', file: this.file, line, message: `multiple rules generate ${o} (ninja refuses this manifest)`, fix: 'regenerate build.ninja; the later edge is ignored for that output' });
      } else this.m.outputs.add(o);
    }
    this.m.edges.push(edge);
  }

  private pool(): void {
    const name = this.lx.readIdent();
    if (!name) this.fail('expected pool name');
    this.expect('NEWLINE', 'newline');
    let depth = -1;
    while (this.lx.peekToken('INDENT')) {
      const [k, v] = this.let();
      if (k !== 'depth') this.fail(`unexpected variable '${k}'`);
      depth = Number(evaluate(v, (n) => this.scope.lookup(n)));
    }
    if (!(depth >= 0)) this.fail('expected \'depth =\' line');
    this.m.pools.set(name, depth);
  }

  private defaults(): void {
    const list = this.pathList();
    if (list.length === 0) this.fail('expected target name');
    for (const p of list) this.m.defaults.push(canonicalizePath(evaluate(p, (n) => this.scope.lookup(n))));
    this.expect('NEWLINE', 'newline');
  }

  private fileInclude(newScope: boolean): void {
    const p = this.readPath();
    if (!p) this.fail('expected path');
    const line = this.lx.tokenLine;
    this.expect('NEWLINE', 'newline');
    const name = evaluate(p, (n) => this.scope.lookup(n));
    const file = path.resolve(this.m.buildDir, name);
    if (this.depth > 64) {
      this.m.diagnostics.push({ severity: 'error', file: this.file, line, message: `include depth exceeded at '${name}' (an include cycle?)` });
      return;
    }
    const text = this.readFile(file);
    if (text === undefined) {
      this.m.diagnostics.push({ severity: 'error', file: this.file, line, message: `loading '${name}': no such file`, fix: 'rerun the build system so that it writes the included ninja file' });
      return;
    }
    this.m.files.push(file);
    const scope = newScope ? new NinjaScope(this.scope) : this.scope;
    new ManifestParser(this.m, scope, file, this.readFile, this.depth + 1).parse(text);
  }
}

/** Parse `file` (usually `<buildDir>/build.ninja`); never throws. */
export function parseNinjaManifest(file: string, options: ParseNinjaOptions = {}): NinjaManifest {
  const buildDir = path.dirname(file);
  const root = new NinjaScope();
  const m: NinjaManifest = { buildDir, file, edges: [], pools: new Map([['console', 1]]), defaults: [], root, files: [], outputs: new Set(), diagnostics: [] };
  const readFile = options.readFile ?? readText;
  const text = readFile(file);
  if (text === undefined) {
    m.diagnostics.push({ severity: 'error', file, message: 'cannot read the ninja file', fix: 'rerun the build system to write it' });
    return m;
  }
  m.files.push(file);
  new ManifestParser(m, root, file, readFile, 0).parse(text);
  return m;
}

/** Parse manifest text held in memory (tests, tools); `buildDir` is where ninja would run. */
export function parseNinjaText(text: string, buildDir: string, options: ParseNinjaOptions = {}): NinjaManifest {
  const file = path.join(buildDir, 'build.ninja');
  const readFile = options.readFile ?? readText;
  return parseNinjaManifest(file, { readFile: (f) => (f === file ? text : readFile(f)) });
}

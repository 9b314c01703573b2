// The command bundles' rewrites of the whole bundle before it is written (a rolldown renderChunk hook, see
// bundle-kit.mjs): Node's modules as plain objects, dynamic imports through the bin, the Node modules a start does
// not need required lazily, and the modules a run initializes logged on request. All are made on the parsed bundle
// (one parse), at the ranges of the code they mean; code they do not expect makes the build fail.
import fs from 'node:fs';
import path from 'node:path';
import { parseProgram, readReplacement, spliceEdits, walkProgram } from './bundle-ast.mjs';

const isString = (node) => node?.type === 'Literal' && typeof node.value === 'string';
const isCallOf = (node, names) => node?.type === 'CallExpression' && node.callee.type === 'Identifier' && names.includes(node.callee.name);

/**
 * The Node modules a start does not load already, required where first used instead of at the bundle's top (which
 * is where rolldown puts every module's imports): a command loads only those its own code needs, as the ES modules
 * do (a lookup loads no node:crypto, worker_threads or child_process).
 */
const LAZY_BUILTINS = new Set(['node:crypto', 'node:os', 'node:v8', 'node:child_process', 'node:worker_threads', 'node:module']);

/** The bundle's top-level `let X = require("node:...")` of each lazy Node module, by X. */
function lazyDeclarations(program) {
  const found = new Map();
  for (const s of program.body) {
    if (s.type !== 'VariableDeclaration' || s.kind !== 'let' || s.declarations.length !== 1) continue;
    const { id, init } = s.declarations[0];
    if (id.type === 'Identifier' && isCallOf(init, ['require']) && init.arguments.length === 1 && isString(init.arguments[0]) && LAZY_BUILTINS.has(init.arguments[0].value)) found.set(id.name, { statement: s, module: init.arguments[0].value });
  }
  return found;
}

/** rolldown's top-level `X = __toESM(X, 1);` of each Node module the ES code reads as `X.default`, by X. */
function esmCopies(program) {
  const found = new Map();
  for (const s of program.body) {
    const e = s.type === 'ExpressionStatement' ? s.expression : null;
    if (e?.type !== 'AssignmentExpression' || e.operator !== '=' || e.left.type !== 'Identifier' || !isCallOf(e.right, ['__toESM'])) continue;
    const [mod, node] = e.right.arguments;
    if (mod?.type === 'Identifier' && mod.name === e.left.name && node?.type === 'Literal' && node.value === 1 && e.right.arguments.length === 2) found.set(e.left.name, { statement: s, call: e.right });
  }
  return found;
}

/** What the rewrites look at, from one walk: dynamic imports, lazy initializers' calls, reads of the names asked. */
function scanChunk(program, names) {
  const imports = [];
  const initializerCalls = [];
  const uses = [];
  walkProgram(program, (node) => {
    if (node.type === 'ImportExpression') imports.push(node);
    else if (isCallOf(node, ['__esmMin', '__commonJSMin'])) initializerCalls.push(node);
  }, (node, parent, key, role) => {
    if (role !== 'name' && names.has(node.name)) uses.push({ node, parent, key, role });
  });
  return { imports, initializerCalls, uses };
}

/**
 * Node's own modules as the bundle's ES code reads them (`fs.default.statSync`): an object whose prototype is the
 * module, holding `default`, instead of rolldown's __toESM copy, which defines a getter per export (~100 for fs).
 * Dynamic imports call the bin's __importModule (code compiled from a cache gets no import hook in Node 20); one of
 * a computed specifier, which rolldown could not point at its file from the bundle, fails the build.
 */
function runtimeEdits(code, copies, imports, lazy) {
  const edits = [];
  for (const [name, { call }] of copies) if (!lazy.has(name)) edits.push({ start: call.start, end: call.end, text: `Object.create(${name}, { default: { value: ${name} } })` });
  for (const node of imports) {
    if (!isString(node.source) || node.options || code.slice(node.start, node.start + 6) !== 'import') throw new Error(`the bundle imports what it cannot name from its own folder: ${code.slice(node.start, node.end)}`);
    edits.push({ start: node.start, end: node.start + 6, text: '__importModule' });
  }
  return edits;
}

/**
 * Each lazy Node module's declaration as its getter (`let X$lazy; const X$get = () => ...`), its __toESM copy left
 * out (the getter makes it) and each read of X a call of the getter, parenthesized: `new X.Worker(...)` must become
 * `new (X$get()).Worker(...)`, not a `new` of the getter. X declared or assigned anywhere else fails the build.
 */
function lazyBuiltinEdits(declarations, copies, uses) {
  const edits = [];
  const replaced = [];
  for (const [name, { statement, module }] of declarations) {
    const copy = copies.get(name);
    const load = copy ? `((m) => Object.create(m, { default: { value: m } }))(require("${module}"))` : `require("${module}")`;
    edits.push({ start: statement.start, end: statement.end, text: `let ${name}$lazy; const ${name}$get = () => (${name}$lazy ??= ${load});` });
    replaced.push(statement);
    if (copy) {
      edits.push({ start: copy.statement.start, end: copy.statement.end, text: '' });
      replaced.push(copy.statement);
    }
  }
  for (const { node, parent, key, role } of uses) {
    if (!declarations.has(node.name) || replaced.some((s) => s.start <= node.start && node.end <= s.end)) continue;
    if (role !== 'read') throw new Error(`the bundle's lazily required ${node.name} is declared or assigned elsewhere (at ${node.start})`);
    edits.push({ start: node.start, end: node.end, text: readReplacement(node, parent, key, `(${node.name}$get())`) });
  }
  return edits;
}

/**
 * The bundle's own `performance` (bundle-kit.mjs's intro) has only now(): any other use of it fails the build.
 */
function checkPerformance(code, uses) {
  for (const { node, parent, key, role } of uses) {
    if (node.name !== 'performance' || role === 'binding') continue;
    const now = role === 'read' && parent?.type === 'MemberExpression' && key === 'object' && !parent.computed && parent.property.name === 'now';
    if (!now) throw new Error(`the bundle's performance shim has only now(), the code uses ${code.slice(node.start, node.end + 20)}`);
  }
}

const ESM_MIN_WRAP = '(name, fn) => __esmMinOf(__modules ? () => (__modules.push(name), fn()) : fn), __esmMinOf = ';
const COMMONJS_MIN_WRAP = '(name, cb) => __commonJSMinOf(__modules ? (...a) => (__modules.push(name), cb(...a)) : cb), __commonJSMinOf = ';

/** The bundle's module markers (rolldown's `// dist/...` line opening each module's code): {start, file}, in order. */
function moduleMarkers(code, comments, outDir) {
  const markers = [];
  for (const c of comments) {
    const file = c.type === 'Line' && (c.start === 0 || code[c.start - 1] === '\n') ? c.value.match(/^ ((?:dist|\.\.|node_modules)\/\S+\.(?:c?js|json))$/)?.[1] : undefined;
    if (file) markers.push({ start: c.start, file: path.relative(outDir, path.resolve(file)).split(path.sep).join('/'), lazy: false });
  }
  return markers;
}

/**
 * The modules a run initializes, logged when FWC_MODULE_LOG names a file (bundle-kit.mjs's intro writes the log):
 * each lazy initializer (`var init_x = __esmMin(...)`) is made with its module's name, which it logs when run;
 * rolldown's __esmMin and __commonJSMin are wrapped so that they log only when asked. Gives the edits and the
 * modules the bundle's top level runs (those without a lazy initializer).
 */
function moduleLogEdits(code, program, comments, initializerCalls, outDir) {
  const markers = moduleMarkers(code, comments, outDir);
  const edits = [];
  const named = new Set();
  const defined = new Set();
  for (const s of program.body) {
    if (s.type !== 'VariableDeclaration') continue;
    for (const d of s.declarations) {
      const name = d.id.type === 'Identifier' ? d.id.name : '';
      if ((name === '__esmMin' || name === '__commonJSMin') && d.init) {
        edits.push({ start: d.init.start, end: d.init.start, text: name === '__esmMin' ? ESM_MIN_WRAP : COMMONJS_MIN_WRAP });
        defined.add(name);
      } else if (/^(init|require)_[\w$]+$/.test(name) && isCallOf(d.init, ['__esmMin', '__commonJSMin'])) {
        const module = markers.findLast((m) => m.start < s.start);
        if (!module) throw new Error(`module-log: a lazy initializer outside any module: ${code.slice(s.start, s.start + 80)}`);
        module.lazy = true;
        const open = code.indexOf('(', d.init.callee.end);
        if (open < 0 || code.slice(d.init.callee.end, open).trim() !== '') throw new Error(`module-log: an initializer call not as expected: ${code.slice(s.start, s.start + 80)}`);
        edits.push({ start: open + 1, end: open + 1, text: `${JSON.stringify(module.file)}, ` });
        named.add(d.init);
      }
    }
  }
  const unnamed = initializerCalls.find((c) => !named.has(c));
  if (unnamed) throw new Error(`module-log: an initializer made without its module's name: ${code.slice(unnamed.start, unnamed.start + 80)}`);
  if (!defined.has('__esmMin')) throw new Error("module-log: rolldown's __esmMin was not found");
  if (initializerCalls.some((c) => c.callee.name === '__commonJSMin') && !defined.has('__commonJSMin')) throw new Error("module-log: rolldown's __commonJSMin was not found");
  return { edits, eager: markers.filter((m) => !m.lazy).map((m) => m.file) };
}

/**
 * CODE (the bundle as rolldown rendered it) rewritten: always the runtime edits; with OUTFILE (the bundle's file)
 * also the lazy Node modules and the module log, whose list of eager modules is written to NAME.modules.json.
 */
export function rewriteChunk(code, outFile = null) {
  const { program, comments } = parseProgram(code, { sourceType: 'script', name: 'the bundle' });
  const copies = esmCopies(program);
  const declarations = outFile ? lazyDeclarations(program) : new Map();
  const { imports, initializerCalls, uses } = scanChunk(program, new Set(outFile ? [...declarations.keys(), 'performance'] : []));
  const edits = runtimeEdits(code, copies, imports, declarations);
  if (outFile) {
    checkPerformance(code, uses);
    edits.push(...lazyBuiltinEdits(declarations, copies, uses));
    const log = moduleLogEdits(code, program, comments, initializerCalls, path.dirname(outFile));
    edits.push(...log.edits);
    fs.writeFileSync(`${outFile.replace(/\.cjs$/, '')}.modules.json`, `${JSON.stringify(log.eager, null, 1)}\n`);
  }
  return spliceEdits(code, edits, 'the bundle');
}

/** The bundle's rewrites as a rolldown plugin (OUTFILE: see rewriteChunk). */
export function chunkRewrites(outFile = null) {
  return {
    name: 'chunk-rewrites',
    renderChunk(code) {
      const out = rewriteChunk(code, outFile);
      return out === code ? null : { code: out, map: null };
    },
  };
}

// The command bundles' rewrites of each module as it is loaded (rolldown transform hooks, see bundle-kit.mjs):
// bundled packages' requirePackage calls and own requires made plain requires, import.meta.url made the module's
// own file's URL. Each is made on the parsed module, at the ranges of the code it means.
import path from 'node:path';
import { parseProgram, spliceEdits, walkProgram } from './bundle-ast.mjs';

export const REQUIRE_PACKAGE = path.resolve('dist/src/model/require-package.js');

/** The bundle's function giving a module's URL from its path relative to the bundle (modules may shadow require). */
export const MODULE_URL = '__moduleUrl';

const isString = (node) => node?.type === 'Literal' && typeof node.value === 'string';
const isImportMetaUrl = (node) => node.type === 'MemberExpression' && !node.computed && node.object.type === 'MetaProperty' && node.object.meta.name === 'import' && node.object.property.name === 'meta' && node.property.name === 'url';
const BARE = /^(node:[\w/]+|@?[\w.-]+(\/[\w.-]+)*)$/;

/** A module's top-level `const require = createRequire(import.meta.url);`, or undefined. */
function ownRequire(program) {
  return program.body.find((s) => {
    if (s.type !== 'VariableDeclaration' || s.kind !== 'const' || s.declarations.length !== 1) return false;
    const { id, init } = s.declarations[0];
    return id.type === 'Identifier' && id.name === 'require' && init?.type === 'CallExpression' && init.callee.type === 'Identifier' && init.callee.name === 'createRequire' && init.arguments.length === 1 && isImportMetaUrl(init.arguments[0]);
  });
}

/**
 * CODE (module ID) with each `requirePackage('x')` of a package in BUNDLED as `require('x')`, and its own
 * `const require = createRequire(import.meta.url)` left out when every use of that require is a call naming a
 * package or node: module (which resolve alike from every folder of dist; anything else throws). Null: unchanged.
 */
export function rewriteRequires(code, id, bundled) {
  if (!code.includes('requirePackage') && !code.includes('createRequire')) return null;
  const { program } = parseProgram(code, { name: id });
  const edits = [];
  const own = ownRequire(program);
  walkProgram(program, (node) => {
    if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier' || node.callee.name !== 'requirePackage') return;
    const [arg] = node.arguments;
    if (node.arguments.length === 1 && isString(arg) && bundled.has(arg.value)) edits.push({ start: node.start, end: node.end, text: `require(${JSON.stringify(arg.value)})` });
  }, (node, parent, key, role) => {
    if (!own || node.name !== 'require' || role === 'name' || (parent === own.declarations[0] && key === 'id')) return;
    const call = parent?.type === 'CallExpression' && key === 'callee' && parent.arguments.length === 1 && isString(parent.arguments[0]) ? parent.arguments[0].value : null;
    if (role !== 'read' || call === null || !BARE.test(call)) throw new Error(`${id}: its own require is used for more than requiring packages and node: modules (at ${node.start}: ${code.slice(node.start, node.start + 60)})`);
  });
  if (own) edits.push({ start: own.start, end: own.end, text: '' });
  return edits.length ? spliceEdits(code, edits, id) : null;
}

/** CODE (module ID) with each `import.meta.url` as `__moduleUrl(REL)` (REL: its file's path from the bundle's folder). Null: unchanged. */
export function rewriteModuleUrl(code, id, rel) {
  if (!code.includes('import.meta')) return null;
  const { program } = parseProgram(code, { name: id });
  const edits = [];
  walkProgram(program, (node) => {
    if (isImportMetaUrl(node)) edits.push({ start: node.start, end: node.end, text: `${MODULE_URL}(${JSON.stringify(rel)})` });
  });
  return edits.length ? spliceEdits(code, edits, id) : null;
}

/**
 * In a CommonJS file, require-package.js's createRequire (which loads node:module, and with it parts of the ES
 * module loader and the source-map reader) is the file's own require; a bundled package's requirePackage call is
 * a require that the bundler resolves. So is a module's own `const require = createRequire(import.meta.url)`
 * (left out) when it requires only packages and node: modules, which resolve alike from every folder of dist.
 */
export function plainRequire(bundled) {
  return {
    name: 'plain-require',
    load(id) {
      return id === REQUIRE_PACKAGE ? 'export const requirePackage = require;' : null;
    },
    transform(code, id) {
      const out = rewriteRequires(code, id, bundled);
      return out === null ? null : { code: out, map: null };
    },
  };
}

/**
 * Each module's import.meta.url as the URL of its own file in dist (found from the bundle's __dirname), so that the
 * files it reads beside it (tree-sitter queries, the worker's module, package.json) are where they were.
 */
export function ownModuleUrl(outDir) {
  return {
    name: 'own-module-url',
    transform(code, id) {
      const out = rewriteModuleUrl(code, id, path.relative(outDir, id).split(path.sep).join('/'));
      return out === null ? null : { code: out, map: null };
    },
  };
}

// What the command bundles share (scripts/bundle-status.mjs, scripts/bundle-cli.mjs): rolldown plugins that make
// one CommonJS file of an ES entry module and the modules it imports, and the bundle's last line naming its code
// cache. Packages and node: modules stay outside (required as they are).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { rolldown } from 'rolldown';

const REQUIRE_PACKAGE = path.resolve('dist/src/model/require-package.js');

/**
 * Packages and node: modules stay outside; so do the dynamic imports `lazy` says (all of them when it is true,
 * else those of the files it lists): they stay lazy ES modules. Packages in `bundled` are bundled.
 */
function keepOutside(bundled, lazy) {
  return {
    name: 'keep-outside',
    resolveId(source, importer, extra) {
      if (bundled.has(source)) return null;
      if (source.startsWith('node:') || !(source.startsWith('.') || path.isAbsolute(source))) return { id: source, external: true };
      if (!importer || extra.kind !== 'dynamic-import') return null;
      const id = path.resolve(path.dirname(importer), source);
      return lazy === true || lazy.has(id) ? { id, external: true } : null;
    },
  };
}

/**
 * In a CommonJS file, require-package.js's createRequire (which loads node:module, and with it parts of the ES
 * module loader and the source-map reader) is the file's own require; a bundled package's requirePackage call is
 * a require that the bundler resolves. So is a module's own `const require = createRequire(import.meta.url)`
 * (the line is blanked) when it requires only packages and node: modules, which resolve alike from every folder
 * of dist.
 */
function plainRequire(bundled) {
  return {
    name: 'plain-require',
    load(id) {
      return id === REQUIRE_PACKAGE ? 'export const requirePackage = require;' : null;
    },
    transform(code, id) {
      let out = code.replace(/\brequirePackage\((['"])([\w@/.-]+)\1\)/g, (call, _, name) => (bundled.has(name) ? `require('${name}')` : call));
      const own = /^const require = createRequire\(import\.meta\.url\);$/m;
      if (own.test(out)) {
        const named = [...out.matchAll(/\brequire(\.\w+)?\(([^)]*)\)/g)].filter((m) => !m[0].startsWith('require(import.meta'));
        const bare = named.every((m) => !m[1] && /^(['"])(node:[\w/]+|@?[\w.-]+(\/[\w.-]+)*)\1$/.test(m[2]) && !/^['"]\./.test(m[2]));
        if (!bare) throw new Error(`${id}: its own require names more than packages and node: modules`);
        out = out.replace(own, '');
      }
      return out === code ? null : { code: out, map: null };
    },
  };
}

/**
 * Every bundle's first line: its code runs strict, as the ES modules it is made of do (rolldown's CommonJS output
 * adds no directive of its own).
 */
const STRICT_INTRO = `'use strict';`;

/** The bundle's function giving a module's URL from its path relative to the bundle (modules may shadow require). */
const MODULE_URL = '__moduleUrl';
const MODULE_URL_INTRO = `const ${MODULE_URL} = (rel) => require('node:url').pathToFileURL(require('node:path').join(__dirname, rel)).href;`;

/**
 * The bundle's own \`performance\`: Node's global loads perf_hooks and eight internal modules on first use (~2.5 ms
 * and ~55 page faults here), for the elapsed times the code takes with performance.now() (its only use: checked
 * at build, see lazyBuiltins). Its values are milliseconds from an arbitrary origin, which differences ignore.
 */
const PERFORMANCE_INTRO = `const performance = { now() { const t = process.hrtime(); return t[0] * 1e3 + t[1] / 1e6; } };`;

/**
 * Each module's import.meta.url as the URL of its own file in dist (found from the bundle's __dirname), so that the
 * files it reads beside it (tree-sitter queries, the worker's module, package.json) are where they were.
 */
function ownModuleUrl(outDir) {
  return {
    name: 'own-module-url',
    transform(code, id) {
      if (!code.includes('import.meta.url')) return null;
      const rel = JSON.stringify(path.relative(outDir, id).split(path.sep).join('/'));
      const out = code.replace(/\bimport\.meta\.url\b/g, `${MODULE_URL}(${rel})`);
      return { code: out, map: null };
    },
  };
}

/**
 * Node's own modules as the bundle's ES code reads them (`fs.default.statSync`): an object whose prototype is the
 * module, holding `default`, instead of rolldown's __toESM copy, which defines a getter per export (~100 for fs).
 * Dynamic imports call the bin's __importModule (code compiled from a cache gets no import hook in Node 20).
 */
const cjsRuntime = {
  name: 'cjs-runtime',
  renderChunk(code) {
    const out = code
      .replace(/^(\w+) = __toESM\(\1, 1\);$/gm, '$1 = Object.create($1, { default: { value: $1 } });')
      .replace(/\bimport\((?=["'])/g, '__importModule(');
    return out === code ? null : { code: out, map: null };
  },
};

/**
 * The Node modules a start does not load already, required where first used instead of at the bundle's top (which
 * is where rolldown puts every module's imports): a command loads only those its own code needs, as the ES modules
 * do (a lookup loads no node:crypto, worker_threads or child_process). Each `node_x` becomes a call of its getter.
 */
const LAZY_BUILTINS = new Set(['node:crypto', 'node:os', 'node:v8', 'node:child_process', 'node:worker_threads', 'node:module']);
const lazyBuiltins = {
  name: 'lazy-builtins',
  renderChunk(code) {
    const uses = new Set(code.match(/(?<![\w$.])performance\.\w+/g) ?? []);
    if ([...uses].some((use) => use !== 'performance.now')) throw new Error(`the bundle's performance shim has only now(), the code uses ${[...uses].join(', ')}`);
    const names = [];
    let out = code.replace(/^let (node_\w+) = require\("(node:[\w/]+)"\);$/gm, (line, name, id) => {
      if (!LAZY_BUILTINS.has(id)) return line;
      names.push(name);
      const esm = new RegExp(`^${name} = Object\\.create\\(${name}, \\{ default: \\{ value: ${name} \\} \\}\\);$`, 'm').test(code);
      const load = esm ? `((m) => Object.create(m, { default: { value: m } }))(require("${id}"))` : `require("${id}")`;
      return `let ${name}$lazy; const ${name}$get = () => (${name}$lazy ??= ${load});`;
    });
    for (const name of names) {
      out = out.replace(new RegExp(`^${name} = Object\\.create\\(.*$`, 'm'), '');
      // Parenthesized: `new node_x.Worker(...)` must become `new (node_x$get()).Worker(...)`, not a `new` of the getter.
      out = out.replace(new RegExp(`(?<![\\w$.])${name}(?![\\w$])`, 'g'), `(${name}$get())`);
    }
    return out === code ? null : { code: out, map: null };
  },
};

/**
 * The modules a run initializes, logged when FWC_MODULE_LOG names a file (the start-up tests read it, as they read
 * the files a process resolves): at exit, the bundle appends the URL of each module it ran, those its top level
 * runs (listed in NAME.modules.json at build) and each lazily initialized one it reached. Otherwise nothing is
 * recorded: each lazy initializer is made as rolldown makes it.
 */
const moduleLogIntro = (listFile) =>
  `const __modules = process.env.FWC_MODULE_LOG ? [] : undefined;\nif (__modules) process.on('exit', () => { const fs = require('node:fs'); const eager = JSON.parse(fs.readFileSync(require('node:path').join(__dirname, ${JSON.stringify(listFile)}), 'utf8')); fs.appendFileSync(process.env.FWC_MODULE_LOG, [...eager, ...__modules].map((rel) => \`\${${MODULE_URL}(rel)}\\n\`).join('')); });`;

function moduleLog(outFile) {
  const outDir = path.dirname(outFile);
  return {
    name: 'module-log',
    renderChunk(code) {
      const eager = [];
      let current = null;
      let lazy = false;
      const close = () => {
        if (current !== null && !lazy) eager.push(current);
      };
      const lines = code.split('\n').map((line) => {
        const start = line.match(/^\/\/ ((?:dist|\.\.|node_modules)\/\S+\.(?:c?js|json))$/);
        if (start) {
          close();
          current = path.relative(outDir, path.resolve(start[1])).split(path.sep).join('/');
          lazy = false;
          return line;
        }
        if (line.startsWith('var __esmMin = (')) return line.replace('var __esmMin = (', 'var __esmMin = (name, fn) => __esmMinOf(__modules ? () => (__modules.push(name), fn()) : fn), __esmMinOf = (');
        if (line.startsWith('var __commonJSMin = (')) return line.replace('var __commonJSMin = (', 'var __commonJSMin = (name, cb) => __commonJSMinOf(__modules ? (...a) => (__modules.push(name), cb(...a)) : cb), __commonJSMinOf = (');
        const init = line.match(/^(var (?:init|require)_[\w$]+ = (?:\/\* @__PURE__ \*\/ )?(?:__esmMin|__commonJSMin)\()/);
        if (!init) return line;
        if (current === null) throw new Error(`module-log: a lazy initializer outside any module: ${line}`);
        lazy = true;
        return `${init[1]}${JSON.stringify(current)}, ${line.slice(init[1].length)}`;
      });
      close();
      const unnamed = lines.find((l) => /(__esmMin|__commonJSMin)\((?!")/.test(l) && !/^var (__esmMin|__commonJSMin) = /.test(l));
      if (unnamed) throw new Error(`module-log: an initializer made without its module's name: ${unnamed}`);
      if (!lines.some((l) => l.includes('__esmMinOf = ('))) throw new Error('module-log: rolldown\'s __esmMin was not found');
      if (code.includes('__commonJSMin(') && !lines.some((l) => l.includes('__commonJSMinOf = ('))) throw new Error('module-log: rolldown\'s __commonJSMin was not found');
      fs.writeFileSync(`${outFile.replace(/\.cjs$/, '')}.modules.json`, `${JSON.stringify(eager, null, 1)}\n`);
      return { code: lines.join('\n'), map: null };
    },
  };
}

// The rewrites keep every line where it was, so the source map stays right: rolldown's warning that they made no
// source map is left out; every other warning is shown.
const onLog = (level, log, handler) => {
  if (log.code === 'SOURCEMAP_BROKEN' && ['plain-require', 'cjs-runtime', 'own-module-url', 'lazy-builtins', 'module-log'].includes(log.plugin)) return;
  handler(level, log);
};

/**
 * Bundles ENTRY into OUT (CommonJS, with a source map) as the function expression the bin compiles (bin.cjs's
 * wrapBundle, on the first line, so the source map's lines hold) and ends it with the line naming its code cache's
 * key (the bundle's hash); gives the file's text. `moduleUrls`: each module's import.meta.url is its own file's, the
 * modules a run initializes are logged on request (see moduleLog), and
 * the Node modules a start does not load are required lazily.
 */
export async function writeBundle({ entry, out, bundled = new Set(), lazy = true, moduleUrls = false }) {
  const plugins = [keepOutside(bundled, lazy), plainRequire(bundled), ...(moduleUrls ? [ownModuleUrl(path.dirname(out))] : []), cjsRuntime, ...(moduleUrls ? [lazyBuiltins, moduleLog(out)] : [])];
  const bundle = await rolldown({ input: entry, platform: 'node', plugins, logLevel: 'warn', onLog });
  await bundle.write({ file: out, format: 'cjs', codeSplitting: false, sourcemap: true, intro: moduleUrls ? `${STRICT_INTRO}\n${MODULE_URL_INTRO}\n${PERFORMANCE_INTRO}\n${moduleLogIntro(`${path.basename(out, '.cjs')}.modules.json`)}` : STRICT_INTRO });
  await bundle.close();
  const { cacheKeyLine, wrapBundle } = binModule();
  const text = `${wrapBundle(asciiOnly(fs.readFileSync(out, 'utf8').replace(/\n?$/, '\n')))}\n`;
  const key = createHash('sha1').update(text).digest('hex');
  const source = text + cacheKeyLine(key);
  fs.writeFileSync(out, source);
  return { source, key };
}

/**
 * The bundle's text in ASCII, each other character written as its \\u escape (in strings, templates, regexes and
 * comments alike): the bin reads it as latin1, a one-byte string V8 neither decodes from UTF-8 nor scans as UTF-16.
 * A raw template's text would change: the bundle has none with such characters (checked).
 */
function asciiOnly(text) {
  for (const raw of text.matchAll(/String\.raw`[^`]*`/g)) if (/[^\x00-\x7f]/.test(raw[0])) throw new Error(`a raw template holds a character beyond ASCII: ${raw[0].slice(0, 80)}`);
  return text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The package's bin (dist/src/cli/bin.cjs): how it compiles a bundle, which the cache must match. */
export function binModule() {
  return createRequire(import.meta.url)(path.resolve('dist/src/cli/bin.cjs'));
}


// What the command bundles share (scripts/bundle-status.mjs, scripts/bundle-cli.mjs): rolldown plugins that make
// one CommonJS file of an ES entry module and the modules it imports (their rewrites: module-rewrites.mjs and
// chunk-rewrites.mjs), and the bundle's last line naming its code cache. Packages and node: modules stay outside.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { rolldown } from 'rolldown';
import { chunkRewrites } from './chunk-rewrites.mjs';
import { MODULE_URL, ownModuleUrl, plainRequire } from './module-rewrites.mjs';

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
 * Every bundle's first line: its code runs strict, as the ES modules it is made of do (rolldown's CommonJS output
 * adds no directive of its own).
 */
const STRICT_INTRO = `'use strict';`;

/**
 * The bundle's function giving a module's URL from its path relative to the bundle (modules may shadow require), each
 * made once: code stamps ask for theirs at every call (a .c edit's run asked ~20 times, ~1.5 ms cold).
 */
const MODULE_URL_INTRO = `const ${MODULE_URL}s = new Map();\nconst ${MODULE_URL} = (rel) => { let url = ${MODULE_URL}s.get(rel); if (url === undefined) ${MODULE_URL}s.set(rel, (url = require('node:url').pathToFileURL(require('node:path').join(__dirname, rel)).href)); return url; };`;

/**
 * The bundle's own \`performance\`: Node's global loads perf_hooks and eight internal modules on first use (~2.5 ms
 * and ~55 page faults here), for the elapsed times the code takes with performance.now() (its only use: checked
 * at build, see chunk-rewrites.mjs). Its values are milliseconds from an arbitrary origin, which differences ignore.
 */
const PERFORMANCE_INTRO = `const performance = { now() { const t = process.hrtime(); return t[0] * 1e3 + t[1] / 1e6; } };`;

/**
 * The modules a run initializes, logged when FWC_MODULE_LOG names a file (the start-up tests read it, as they read
 * the files a process resolves): at exit, the bundle appends the URL of each module it ran, those its top level
 * runs (listed in NAME.modules.json at build) and each lazily initialized one it reached (chunk-rewrites.mjs
 * names each lazy initializer). Otherwise nothing is recorded: each lazy initializer runs as rolldown makes it.
 */
const moduleLogIntro = (listFile) =>
  `const __modules = process.env.FWC_MODULE_LOG ? [] : undefined;\nif (__modules) process.on('exit', () => { const fs = require('node:fs'); const eager = JSON.parse(fs.readFileSync(require('node:path').join(__dirname, ${JSON.stringify(listFile)}), 'utf8')); fs.appendFileSync(process.env.FWC_MODULE_LOG, [...eager, ...__modules].map((rel) => \`\${${MODULE_URL}(rel)}\\n\`).join('')); });`;

// The rewrites keep every line where it was, so the source map stays right: rolldown's warning that they made no
// source map is left out; every other warning is shown.
const onLog = (level, log, handler) => {
  if (log.code === 'SOURCEMAP_BROKEN' && ['plain-require', 'own-module-url', 'chunk-rewrites'].includes(log.plugin)) return;
  handler(level, log);
};

/**
 * Bundles ENTRY into OUT (CommonJS, with a source map) as the function expression the bin compiles (bin.cjs's
 * wrapBundle, on the first line, so the source map's lines hold) and ends it with the line naming its code cache's
 * key (the bundle's hash); gives the file's text. `moduleUrls`: each module's import.meta.url is its own file's, the
 * modules a run initializes are logged on request, and the Node modules a start does not load are required lazily
 * (see chunk-rewrites.mjs).
 */
export async function writeBundle({ entry, out, bundled = new Set(), lazy = true, moduleUrls = false }) {
  const plugins = [keepOutside(bundled, lazy), plainRequire(bundled), ...(moduleUrls ? [ownModuleUrl(path.dirname(out))] : []), chunkRewrites(moduleUrls ? out : null)];
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


// Generates a layered C firmware corpus for the call-graph benchmark: modules that call helpers of a few lower
// modules, hub helpers called everywhere (a Zipf-like fan-in), calls written through a logging macro, and
// driver-API structs of function pointers called through one wrapper per class (Zephyr's uart_poll_out
// shape). Deterministic (seeded); leaves out #if variation.
import fs from 'node:fs';
import path from 'node:path';
import { seededRandom } from '../helpers/seeded-random.js';

export interface CallGraphCorpusOptions {
  modules: number;
  functionsPerModule: number;
  /** Hub helpers (util_0 is called most, util_k about 1/(k+1)² as often). */
  hubs?: number;
  /** Driver-API struct types; module m implements class m % classes. */
  classes?: number;
  seed?: number;
}

export interface CallGraphCorpus {
  units: number;
  functions: string[];
  /** Functions of the top modules: good starting points of call paths. */
  entryFunctions: string[];
  hubs: string[];
}

function fnName(module: number, f: number): string {
  return `mod_${module}_op_${f}`;
}

function writeHubs(root: string, hubs: number, classes: number): string[] {
  const names = Array.from({ length: hubs }, (_, k) => `util_${k}`);
  const header = ['#ifndef UTIL_H', '#define UTIL_H', '/** Logs one value through the hub helper util_0. */', '#define MOD_LOG(v) util_0((int)(v))'];
  for (let c = 0; c < classes; c++) {
    header.push(`struct class_${c}_api {`, '  int (*start)(int arg);', '  int (*stop)(int arg);', '};', `int class_${c}_start(const struct class_${c}_api *api, int arg);`);
  }
  for (const n of names) header.push(`int ${n}(int v);`);
  header.push('#endif', '');
  fs.writeFileSync(path.join(root, 'include', 'util.h'), header.join('\n'));
  const body = ['#include "util.h"', '', 'static int util_state;', ''];
  names.forEach((n, k) => body.push(`int ${n}(int v)`, '{', `  util_state += v ^ ${k};`, '  return util_state;', '}', ''));
  for (let c = 0; c < classes; c++) body.push(`int class_${c}_start(const struct class_${c}_api *api, int arg)`, '{', '  return api->start(arg);', '}', '');
  fs.writeFileSync(path.join(root, 'src', 'util.c'), body.join('\n'));
  return [...names, ...Array.from({ length: classes }, (_, c) => `class_${c}_start`)];
}

/** One module: F functions calling hubs, their own next function, functions of lower modules and an ops slot. */
function moduleSource(m: number, lower: number[], opts: Required<CallGraphCorpusOptions>, rand: () => number): string {
  const F = opts.functionsPerModule;
  const hub = () => `util_${Math.min(opts.hubs - 1, Math.floor(1 / (rand() * (1 - 1 / opts.hubs) + 1 / opts.hubs)) - 1)}`;
  const lines = ['#include "util.h"', `#include "mod_${m}.h"`, ...lower.map((l) => `#include "mod_${l}.h"`), '', `static int mod_${m}_count;`, ''];
  const cls = (mod: number) => mod % opts.classes;
  for (let f = 0; f < F; f++) {
    const calls: string[] = [`  acc += ${hub()}(arg);`];
    if (rand() < 0.5) calls.push(`  acc += ${hub()}(acc);`);
    if (f + 1 < F && rand() < 0.6) calls.push(`  acc += ${fnName(m, f + 1)}(acc);`);
    for (const l of lower) if (rand() < 0.35) calls.push(`  acc += ${fnName(l, Math.floor(rand() * F))}(acc);`);
    if (rand() < 0.3) calls.push('  MOD_LOG(acc);');
    if (lower.length && rand() < 0.1) calls.push(`  acc += class_${cls(lower[0])}_start(&mod_${lower[0]}_api, acc);`);
    lines.push(`/** Operation ${f} of module ${m}. */`, `int ${fnName(m, f)}(int arg)`, '{', '  int acc = arg;', ...calls, `  mod_${m}_count += acc;`, '  return acc;', '}', '');
  }
  lines.push(`const struct class_${cls(m)}_api mod_${m}_api = { .start = ${fnName(m, 0)}, .stop = ${fnName(m, F - 1)} };`, '');
  return lines.join('\n');
}

export function generateCallGraphCorpus(root: string, options: CallGraphCorpusOptions): CallGraphCorpus {
  const opts: Required<CallGraphCorpusOptions> = { hubs: 60, classes: 40, seed: 12, ...options };
  const rand = seededRandom(opts.seed);
  for (const d of ['src', 'include', 'build']) fs.mkdirSync(path.join(root, d), { recursive: true });
  const hubs = writeHubs(root, opts.hubs, opts.classes);
  const functions = [...hubs];
  const units = [path.join(root, 'src', 'util.c')];
  for (let m = 0; m < opts.modules; m++) {
    // Each module calls into up to three modules below it (a layered stack, so call paths exist and have depth).
    const lower = m === 0 ? [] : [...new Set([m - 1, Math.floor(rand() * m), Math.floor(rand() * m)])];
    const decls = [`#ifndef MOD_${m}_H`, `#define MOD_${m}_H`, '#include "util.h"', `extern const struct class_${m % opts.classes}_api mod_${m}_api;`];
    for (let f = 0; f < opts.functionsPerModule; f++) {
      decls.push(`int ${fnName(m, f)}(int arg);`);
      functions.push(fnName(m, f));
    }
    decls.push('#endif', '');
    fs.writeFileSync(path.join(root, 'include', `mod_${m}.h`), decls.join('\n'));
    const file = path.join(root, 'src', `mod_${m}.c`);
    fs.writeFileSync(file, moduleSource(m, lower, opts, rand));
    units.push(file);
  }
  const include = path.join(root, 'include');
  const db = units.map((file) => ({ directory: path.join(root, 'build'), command: `gcc -I${include} -c ${file} -o ${path.basename(file)}.o`, file }));
  fs.writeFileSync(path.join(root, 'build', 'compile_commands.json'), JSON.stringify(db));
  const top = Math.max(0, opts.modules - 20);
  const entryFunctions = functions.filter((n) => /^mod_(\d+)_/.test(n) && Number(/^mod_(\d+)_/.exec(n)![1]) >= top);
  return { units: units.length, functions, entryFunctions, hubs };
}

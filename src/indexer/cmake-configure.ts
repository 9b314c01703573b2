// `fw-context index --build` on a CMake project never configured: runs CMake's configure step so its build folders
// (and their compile databases) exist, as an IDE does when it opens the project. With configure presets: each visible
// preset (`cmake --list-presets`: CMake itself weighs their conditions) whose build folder holds no CMakeCache.txt,
// all of them when no build was found, else those --variant names; without presets, the root's CMakeLists.txt into
// `build/` when no build was found. Configuring runs the project's CMake scripts, so it runs only when asked.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { BuildDescription } from '../../adapters/contract.js';
import { folderVariantName } from '../../adapters/shared/fs-helpers.js';
import { PRESET_FILES, readConfigurePresets } from './cmake-presets.js';
import { onPath, type RegenerateOutcome } from './regenerate-build.js';

/** One configure: the variant its build folder will be, and the command. */
export interface CmakeConfigure {
  variant: string;
  argv: string[];
  binaryDir: string;
}

/** Presets configured unasked when no build was found; more are listed for `--variant`. */
export const MAX_UNASKED_PRESETS = 8;

const TIMEOUT_MS = 10 * 60_000;

function cmakeVersion(): boolean {
  const r = spawnSync('cmake', ['--version'], { encoding: 'utf8' });
  return !r.error && r.status === 0;
}

/** The names `cmake --list-presets=configure` shows in the root (visible, conditions met), or its error. */
function visiblePresets(root: string): { names: string[] } | { error: string } {
  const r = spawnSync('cmake', ['--list-presets=configure'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) return { error: (r.stderr || r.stdout || '').trim().split('\n').slice(-3).join(' | ') };
  return { names: [...(r.stdout ?? '').matchAll(/^\s+"([^"]+)"/gm)].map((m) => m[1]) };
}

/** The configures --build runs, and what kept others from running (presets unreadable, too many, cmake missing). */
export function cmakeConfiguresToDo(root: string, builds: readonly BuildDescription[], named?: ReadonlySet<string>): { configures: CmakeConfigure[]; outcomes: RegenerateOutcome[] } {
  const hasPresets = PRESET_FILES.some((f) => fs.existsSync(path.join(root, f)));
  const hasLists = fs.existsSync(path.join(root, 'CMakeLists.txt'));
  if (!hasLists || (!hasPresets && (builds.length > 0 || named))) return { configures: [], outcomes: [] };
  if (!hasPresets) {
    if (!cmakeVersion()) return { configures: [], outcomes: [missingCmake(root, 'cmake -S . -B build')] };
    const binaryDir = path.join(root, 'build');
    const generator = onPath('ninja') ? ['-G', 'Ninja'] : [];
    return { configures: [{ variant: folderVariantName(root, binaryDir), argv: ['cmake', '-S', root, '-B', binaryDir, ...generator, '-DCMAKE_EXPORT_COMPILE_COMMANDS=ON'], binaryDir }], outcomes: [] };
  }
  if (builds.length > 0 && !named) return { configures: [], outcomes: [] };
  if (!cmakeVersion()) return { configures: [], outcomes: [missingCmake(root, 'cmake --preset NAME')] };
  const visible = visiblePresets(root);
  if ('error' in visible) return { configures: [], outcomes: [{ variant: path.basename(root), image: '*', action: 'failed', command: 'cmake --list-presets=configure', message: `CMake could not read the presets: ${visible.error}` }] };
  const { presets } = readConfigurePresets(root);
  const byName = new Map(presets.map((p) => [p.name, p]));
  const todo = visible.names.map((name) => {
    const binaryDir = byName.get(name)?.binaryDir ?? path.join(root, 'build', name);
    const own = byName.get(name)?.binaryDir ? [] : ['-B', binaryDir];
    return { name, variant: folderVariantName(root, binaryDir), binaryDir, argv: ['cmake', '--preset', name, ...own, '-DCMAKE_EXPORT_COMPILE_COMMANDS=ON'] };
  });
  const unconfigured = todo.filter((c) => !fs.existsSync(path.join(c.binaryDir, 'CMakeCache.txt')));
  const wanted = named ? unconfigured.filter((c) => named.has(c.name) || named.has(c.variant)) : unconfigured;
  if (!named && wanted.length > MAX_UNASKED_PRESETS) {
    const listed = wanted.map((c) => c.name);
    return { configures: [], outcomes: [{ variant: path.basename(root), image: '*', action: 'failed', command: 'cmake --preset NAME', message: `${listed.length} configure presets (${listed.slice(0, 5).join(', ')}, ...): more than ${MAX_UNASKED_PRESETS} are not configured unasked; name those to read with --variant` }] };
  }
  return { configures: wanted.map(({ variant, argv, binaryDir }) => ({ variant, argv, binaryDir })), outcomes: [] };
}

function missingCmake(root: string, command: string): RegenerateOutcome {
  return { variant: path.basename(root), image: '*', action: 'missing_tool', command, message: 'CMake is not installed here; install it (3.19 or newer for presets), or configure the project elsewhere and index its build folder' };
}

/** What `index` says of a root holding a CMake project when it found no build: how `--build` configures it. */
export function unconfiguredCmakeHint(root: string): string | undefined {
  if (!fs.existsSync(path.join(root, 'CMakeLists.txt'))) return undefined;
  const { presets } = readConfigurePresets(root);
  const shown = presets.filter((p) => !p.hidden && p.enabled).map((p) => p.name);
  return shown.length
    ? `A CMake project with configure presets (${shown.slice(0, 6).join(', ')}${shown.length > 6 ? ', ...' : ''}) never configured: \`fw-context index --build\` configures them (\`cmake --preset NAME\`) and indexes what they build.`
    : 'A CMake project never configured: `fw-context index --build` configures it into build/ (`cmake -S . -B build`) and indexes what it builds.';
}

/** What `index` says of configure presets (visible in the preset files) whose build folder does not exist yet, when builds were found. */
export function unconfiguredPresetsNote(root: string): string | undefined {
  if (!PRESET_FILES.some((f) => fs.existsSync(path.join(root, f)))) return undefined;
  const waiting = readConfigurePresets(root).presets.filter((p) => !p.hidden && p.enabled && p.binaryDir && !fs.existsSync(path.join(p.binaryDir, 'CMakeCache.txt'))).map((p) => p.name);
  if (!waiting.length) return undefined;
  return `CMake presets never configured: ${waiting.slice(0, 6).join(', ')}${waiting.length > 6 ? `, ... (${waiting.length})` : ''} (\`fw-context index --build --variant ${waiting[0]}\` configures one and indexes it).`;
}

/** Runs each configure in the root; what happened, as --build reports it. */
export function runCmakeConfigures(root: string, configures: readonly CmakeConfigure[], log: (m: string) => void = () => {}): RegenerateOutcome[] {
  return configures.map((c) => {
    const command = c.argv.join(' ');
    log(`${c.variant}: ${command}`);
    const r = spawnSync(c.argv[0], c.argv.slice(1), { cwd: root, encoding: 'utf8', timeout: TIMEOUT_MS, maxBuffer: 1 << 28 });
    const base = { variant: c.variant, image: '*', command };
    if (r.status === 0) return { ...base, action: 'regenerated' as const, message: `configured into ${path.relative(root, c.binaryDir) || '.'}` };
    const why = r.error ? r.error.message : (r.stderr || r.stdout || '').trim().split('\n').filter(Boolean).slice(-3).join(' | ');
    return { ...base, action: 'failed' as const, message: `\`${command}\` failed (exit ${r.status}): ${why}` };
  });
}

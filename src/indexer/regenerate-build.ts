// `fw-context index --build`: regenerates each selected build's compile database with the build system's
// own tool (cmake, west, pio, mbed-tools) before indexing. Where the tool is missing it says which one
// and what to run by hand; it never guesses a command it cannot run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { BuildDescription } from '../../adapters/contract.js';
import { readCMakeCache } from '../../adapters/shared/cmake-cache.js';

export interface RegenerateOutcome {
  variant: string;
  image: string;
  action: 'regenerated' | 'missing_tool' | 'not_needed' | 'failed';
  command: string;
  message: string;
}

/** Whether `tool` is on the PATH. */
export function onPath(tool: string): boolean {
  const r = spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
  return r.status === 0;
}

function quote(a: string): string {
  return /^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`;
}

interface Plan {
  tool: string;
  argv: string[];
  cwd: string;
}

/** The command that regenerates a build's compile database, or null when nothing needs regenerating. */
export function regenerationPlan(root: string, build: BuildDescription): Plan | null | { manual: string } {
  const dir = build.buildDir;
  const cache = readCMakeCache(path.join(dir, 'CMakeCache.txt'));
  const home = cache?.values.get("CMAKE_HOME_DIRECTORY");
  switch (build.buildSystem) {
    case 'platformio': {
      const env = build.variant;
      return { tool: 'pio', argv: ['pio', 'run', '-t', 'compiledb', '-e', env], cwd: root };
    }
    case 'mbed': {
      const parts = path.relative(root, dir).split(path.sep);
      const i = parts.indexOf('cmake_build');
      if (i >= 0 && parts.length >= i + 4) return { tool: 'mbed-tools', argv: ['mbed-tools', 'configure', '-m', parts[i + 1], '-t', parts[i + 3], '-b', parts[i + 2]], cwd: root };
      return { manual: `derived mbed build: configure it with \`mbed-tools configure -m ${build.variant} -t GCC_ARM\` so a compile database exists` };
    }
    case 'ninja':
      return null;
    case 'zephyr':
      if (onPath('west')) return { tool: 'west', argv: ['west', 'build', '-d', dir, '--cmake-only'], cwd: root };
      return { tool: 'cmake', argv: ['cmake', '-B', dir, ...(home ? ['-S', home] : [])], cwd: root };
    default: {
      const source = home ?? (fs.existsSync(path.join(root, 'CMakeLists.txt')) ? root : undefined);
      if (!source) return { manual: `rebuild the project so it rewrites ${path.relative(root, build.compileCommands ?? dir)}` };
      return { tool: 'cmake', argv: ['cmake', '-S', source, '-B', dir, '-DCMAKE_EXPORT_COMPILE_COMMANDS=ON'], cwd: root };
    }
  }
}

export function regenerateBuilds(root: string, builds: BuildDescription[], log: (m: string) => void = () => {}): RegenerateOutcome[] {
  const outcomes: RegenerateOutcome[] = [];
  const done = new Set<string>();
  for (const b of builds) {
    const plan = regenerationPlan(root, b);
    const base = { variant: b.variant, image: b.image };
    if (plan === null) {
      outcomes.push({ ...base, action: 'not_needed', command: '', message: `the ${b.buildSystem} build is read from its build files directly` });
      continue;
    }
    if ('manual' in plan) {
      outcomes.push({ ...base, action: 'missing_tool', command: '', message: plan.manual });
      continue;
    }
    const command = plan.argv.map(quote).join(' ');
    if (done.has(command)) {
      outcomes.push({ ...base, action: 'regenerated', command, message: 'regenerated with the previous command' });
      continue;
    }
    if (!onPath(plan.tool)) {
      outcomes.push({ ...base, action: 'missing_tool', command, message: `\`${plan.tool}\` is not installed here; run \`${command}\` by hand in ${plan.cwd}, then \`fw-context index\`` });
      continue;
    }
    log(`${b.variant}/${b.image}: ${command}`);
    const r = spawnSync(plan.argv[0], plan.argv.slice(1), { cwd: plan.cwd, encoding: 'utf8' });
    done.add(command);
    if (r.status === 0) outcomes.push({ ...base, action: 'regenerated', command, message: 'compile database regenerated' });
    else outcomes.push({ ...base, action: 'failed', command, message: `\`${command}\` failed (exit ${r.status}): ${(r.stderr || r.stdout || '').trim().split('\n').slice(-3).join(' | ')}` });
  }
  return outcomes;
}

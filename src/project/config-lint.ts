// Problems in `.fw-context/config.ini` that the ini reader passes over in silence: a section header without
// its `]` (its keys then land in the section above), an unknown section or key (a typo such as
// `defualt_image`), a line that is not `key = value`. Each is a warning naming the line and the fix.
import type { Diagnostic } from '../model/diagnostic.js';

/** The keys each section reads; `null`: any key (build folder → variant name; variant name → make arguments). */
const KNOWN: Record<string, readonly string[] | null> = {
  build: ['default_variant', 'default_image', 'compile_commands', 'dirs'],
  index: ['vendor_paths', 'project_paths', 'exclude_paths'],
  mbed: ['derive'],
  platformio: ['derive', 'dynamic_build_flags'],
  make: ['args', 'dirs'],
  'make.variants': null,
  variants: null,
};

/** Keys whose value is one of a few words (the last is the default). */
const CHOICES: Record<string, readonly string[]> = { 'platformio.dynamic_build_flags': ['run', 'skip'] };

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

/** `name` as one of `known` it is a near miss of, for a "did you mean" hint. */
function nearest(name: string, known: readonly string[]): string | undefined {
  const best = known.map((k) => [k, editDistance(name, k)] as const).sort((x, y) => x[1] - y[1])[0];
  return best && best[1] <= Math.max(2, Math.floor(name.length / 4)) ? best[0] : undefined;
}

export function lintConfig(text: string, file: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  const warn = (line: number, message: string, fix: string) => out.push({ severity: 'warning', file, line, message, fix });
  let section: string | null = null;
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    const n = i + 1;
    if (!line || line.startsWith(';') || line.startsWith('#')) return;
    if (line.startsWith('[')) {
      const m = /^\[([^\]]*)\]\s*(?:[;#].*)?$/.exec(line);
      if (!m) {
        section = null;
        warn(n, `"${line}" is not a section header: the keys below it are read as keys of the section above`, 'close it with "]", e.g. [index]');
        return;
      }
      section = m[1].trim();
      if (!(section in KNOWN)) {
        const near = nearest(section, Object.keys(KNOWN));
        warn(n, `unknown section [${section}]: its keys are ignored`, near ? `did you mean [${near}]?` : `sections: ${Object.keys(KNOWN).map((s) => `[${s}]`).join(', ')}`);
      }
      return;
    }
    const eq = line.indexOf('=');
    if (eq <= 0) {
      warn(n, `"${line}" is not a key = value line and is ignored`, 'write key = value (an empty value is allowed), or comment the line out with ;');
      return;
    }
    const keys = section === null ? undefined : KNOWN[section];
    const key = line.slice(0, eq).trim();
    const choices = section === null ? undefined : CHOICES[`${section}.${key}`];
    const value = line.slice(eq + 1).replace(/\s[;#].*$/, '').trim().toLowerCase();
    if (choices && value && !choices.includes(value)) warn(n, `${key} = ${value} is not one of ${choices.join(', ')}: the default (${choices[choices.length - 1]}) is used`, `write ${key} = ${choices.join(' or ')}`);
    if (!keys || keys.includes(key)) return;
    const near = nearest(key, keys);
    warn(n, `unknown key "${key}" in [${section}]: it is ignored`, near ? `did you mean ${near}?` : `keys of [${section}]: ${keys.join(', ')}`);
  });
  return out;
}

// PlatformIO's project configuration: platformio.ini + `extra_configs`, `[env]` under every env, `extends`
// and `${...}` interpolation, all cycle-safe. Leaves out option type validation and renamed-option warnings.
//
// Details: extra_configs are globs read in order (later files add/override options); `extends` lists are
// walked as PlatformIO 6 does (last-listed parent first, then [env]); a missing parent is ignored with a
// warning; a cycle is reported once and each section read once. Interpolation covers `${section.option}`,
// `${env:NAME.option}`, `${this.option}`, `${this.__env__}`, `${platformio.option}`, `${sysenv.VAR}`,
// `${PROJECT_DIR}`/`${PROJECT_HASH}`, recursively, memoised per (section, option).
import path from 'node:path';
import type { Diagnostic } from '../contract.js';
import { readText } from '../shared/fs-helpers.js';
import { recordedEnv } from '../shared/detect-inputs.js';
import { sha1 } from '../../src/model/sha1.js';
import { expandGlob } from './src-filter.js';
import { readIniText, type IniOption, type IniSection } from './read-ini.js';
import { MULTIPLE_OPTIONS, OPTION_DEFAULTS, OPTION_SYSENV, basicInterpolation, parseExtends, parseMultiValues } from './ini-values.js';

const VARTPL_RE = /\$\{(?:([^.}()]+)\.)?([^}]+)\}/g;

export interface PioConfigOptions {
  /** Environment for `${sysenv.*}` and PLATFORMIO_* overrides (defaults to process.env). */
  env?: Record<string, string | undefined>;
}

export class PioProjectConfig {
  readonly sections = new Map<string, IniSection>();
  readonly files: string[] = [];
  readonly diagnostics: Diagnostic[] = [];
  private readonly cache = new Map<string, string | undefined>();
  private readonly resolving: string[] = [];
  private readonly reported = new Set<string>();
  private readonly sysenv: Record<string, string | undefined>;
  private readonly walks = new Map<string, string[]>();

  constructor(
    readonly projectDir: string,
    readonly mainFile: string,
    options: PioConfigOptions = {},
  ) {
    this.sysenv = options.env ?? recordedEnv();
    this.read(mainFile, true);
    this.checkExtendsCycles();
  }

  private report(key: string, d: Diagnostic): void {
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.diagnostics.push(d);
  }

  private read(file: string, parseExtra: boolean): void {
    if (this.files.includes(file)) return;
    const text = readText(file);
    if (text === undefined) {
      this.diagnostics.push({ severity: 'error', file, message: 'cannot read the PlatformIO configuration file', fix: 'correct [platformio] extra_configs' });
      return;
    }
    this.files.push(file);
    const r = readIniText(text, file);
    this.diagnostics.push(...r.diagnostics);
    for (const s of r.sections) {
      const have = this.sections.get(s.name);
      if (!have) this.sections.set(s.name, { ...s, options: new Map(s.options) });
      else for (const [k, v] of s.options) have.options.set(k, v);
    }
    this.cache.clear();
    this.walks.clear();
    if (!parseExtra) return;
    for (const pattern of this.getList('platformio', 'extra_configs')) {
      const p = pattern.startsWith('~') ? path.join(this.sysenv.HOME ?? '', pattern.slice(1)) : pattern;
      const matches = expandGlob(this.projectDir, p).filter((f) => !f.endsWith(path.sep));
      if (matches.length === 0) {
        this.diagnostics.push({ severity: 'warning', file, message: `extra_configs pattern '${pattern}' matches no file`, fix: 'correct the pattern in [platformio] extra_configs' });
      }
      for (const f of matches.sort()) this.read(f, true);
    }
  }

  hasSection(name: string): boolean {
    return this.sections.has(name);
  }

  envs(): string[] {
    return [...this.sections.keys()].filter((s) => s.startsWith('env:')).map((s) => s.slice(4));
  }

  defaultEnvs(): string[] {
    return this.getList('platformio', 'default_envs');
  }

  /** Sections whose options `root` sees, in lookup order (PlatformIO's walk_options, each section once). */
  walkSections(root: string): string[] {
    const memo = this.walks.get(root);
    if (memo) return memo;
    const stack = root.startsWith('env:') ? ['env', root] : [root];
    const done: string[] = [];
    while (stack.length) {
      const name = stack.pop()!;
      if (done.includes(name)) continue;
      done.push(name);
      const sec = this.sections.get(name);
      if (!sec) continue;
      const ext = sec.options.get('extends');
      if (ext) {
        for (const parent of parseExtends(ext.value)) {
          if (!this.sections.has(parent)) {
            this.report(`missing:${name}:${parent}`, {
              severity: 'warning',
              file: ext.file,
              line: ext.line,
              message: `[${name}] extends [${parent}], which does not exist; ignored as PlatformIO does`,
              fix: `define [${parent}] or correct the extends option of [${name}]`,
            });
          }
          stack.push(parent);
        }
      }
    }
    const walk = done.filter((s) => this.sections.has(s));
    this.walks.set(root, walk);
    return walk;
  }

  /** Report each extends cycle once, naming the file and the sections. */
  private checkExtendsCycles(): void {
    const parentsOf = (s: string) => parseExtends(this.sections.get(s)?.options.get('extends')?.value).filter((p) => this.sections.has(p));
    const state = new Map<string, 1 | 2>();
    const path_: string[] = [];
    const visit = (s: string) => {
      state.set(s, 1);
      path_.push(s);
      for (const p of parentsOf(s)) {
        if (state.get(p) === 1) {
          const cycle = [...path_.slice(path_.indexOf(p)), p];
          const opt = this.sections.get(s)!.options.get('extends')!;
          this.report(`cycle:${[...cycle].sort().join(',')}`, {
            severity: 'error',
            file: opt.file,
            line: opt.line,
            message: `circular extends: ${cycle.map((c) => `[${c}]`).join(' -> ')}; each section is read once and the loop is cut`,
            fix: `remove one of the extends options so that ${cycle.slice(0, -1).map((c) => `[${c}]`).join(', ')} no longer extend each other`,
          });
        } else if (!state.has(p)) visit(p);
      }
      path_.pop();
      state.set(s, 2);
    };
    for (const s of this.sections.keys()) if (!state.has(s)) visit(s);
  }

  /** The option as written (before ${} expansion) and where, following [env] and extends. */
  rawOption(section: string, option: string): IniOption | undefined {
    for (const s of this.walkSections(section)) {
      const o = this.sections.get(s)!.options.get(option);
      if (o) {
        const own = this.sections.get(s)!.options;
        return { ...o, value: basicInterpolation(o.value, (n) => own.get(n)?.value) };
      }
    }
    return undefined;
  }

  /** A folder option's value as a path (a relative one below the project), or undefined when empty or under an unknown home. */
  folderPath(value: string | undefined): string | undefined {
    return value && !value.startsWith('~') ? path.resolve(this.projectDir, value) : undefined;
  }

  /** Expanded value (multi-line as written), or undefined when unset and without a default. */
  get(section: string, option: string): string | undefined {
    const key = `${section}\u0000${option}`;
    if (this.cache.has(key)) return this.cache.get(key);
    if (this.resolving.includes(key)) {
      const chain = [...this.resolving.slice(this.resolving.indexOf(key)), key].map((k) => k.replace('\u0000', '.'));
      const raw = this.rawOption(section, option);
      this.report(`icycle:${key}`, {
        severity: 'error',
        file: raw?.file ?? this.mainFile,
        line: raw?.line,
        message: `infinite recursion in interpolation: ${chain.map((c) => '${' + c + '}').join(' -> ')}`,
        fix: `break the loop between the options ${chain.slice(0, -1).join(', ')}`,
      });
      return '';
    }
    this.resolving.push(key);
    try {
      const scope = section.includes(':') ? section.split(':', 1)[0] : section;
      const raw = this.rawOption(section, option);
      let value = raw?.value;
      const sysName = OPTION_SYSENV[`${scope}.${option}`];
      const sys = sysName ? this.sysenv[sysName] : undefined;
      if (sys) value = MULTIPLE_OPTIONS.has(option) && value ? `${value}\n${sys}` : value === undefined || !MULTIPLE_OPTIONS.has(option) ? sys : value;
      value ??= OPTION_DEFAULTS[`${scope}.${option}`];
      let expanded = value === undefined ? undefined : this.expand(section, option, value, raw);
      // A folder option starting with `~` is under the home folder (PlatformIO's validate_dir).
      const home = this.sysenv.HOME ?? this.sysenv.USERPROFILE;
      if (scope === 'platformio' && option.endsWith('_dir') && expanded?.startsWith('~') && home) expanded = path.join(home, expanded.slice(1));
      this.cache.set(key, expanded);
      return expanded;
    } finally {
      this.resolving.pop();
    }
  }

  getList(section: string, option: string): string[] {
    return parseMultiValues(this.get(section, option));
  }

  private expand(section: string, option: string, value: string, raw: IniOption | undefined): string {
    if (!value.includes('${')) return value;
    return value.replace(VARTPL_RE, (_m, sec: string | undefined, opt: string) => {
      if (sec === undefined) {
        if (opt === 'PROJECT_DIR') return this.projectDir;
        if (opt === 'PROJECT_HASH') return `${path.basename(this.projectDir)}-${sha1(this.projectDir).slice(0, 10)}`;
        return `\${${opt}}`; // an SCons variable, left for the builder
      }
      if (sec === 'sysenv') return this.sysenv[opt] ?? '';
      let target = sec;
      if (sec === 'this') {
        target = section;
        if (opt === '__env__') {
          if (section.startsWith('env:')) return section.slice(4);
          this.report(`thisenv:${section}:${option}`, {
            severity: 'error',
            file: raw?.file ?? this.mainFile,
            line: raw?.line,
            message: `\${this.__env__} is used in [${section}], which is not an environment`,
            fix: `check the ${option} option of [${section}]`,
          });
          return '';
        }
      }
      const v = this.get(target, opt);
      if (v === undefined) {
        this.report(`noopt:${target}:${opt}`, {
          severity: 'warning',
          file: raw?.file ?? this.mainFile,
          line: raw?.line,
          message: `\${${sec}.${opt}} in [${section}] ${option}: [${target}] has no option '${opt}'; expanded to nothing`,
          fix: `define ${opt} in [${target}] or correct the reference`,
        });
        return '';
      }
      return MULTIPLE_OPTIONS.has(opt) ? parseMultiValues(v).join('\n') : v;
    });
  }
}

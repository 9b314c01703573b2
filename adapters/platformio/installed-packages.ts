// PlatformIO's installed packages ([platformio] packages_dir, `<core>/packages` by default) as derived envs consult
// them: a framework package's files and folders, each read or checked once per project however many envs ask.
import path from 'node:path';
import { isDir, readText } from '../shared/fs-helpers.js';
import type { PioProjectConfig } from './project-config.js';

/** A project's view of the installed packages; `dir` is undefined when the folder needs an unknown home. */
export class InstalledPackages {
  private readonly texts = new Map<string, string | undefined>();
  private readonly dirs = new Map<string, boolean>();
  private readonly parsed = new Map<string, unknown>();

  constructor(readonly dir: string | undefined) {}

  /** `<packages_dir>/<pkg>/<rel>` (`rel` in `/` form), or undefined without a packages folder. */
  private pathOf(pkg: string, rel: string): string | undefined {
    return this.dir === undefined ? undefined : path.join(this.dir, pkg, ...rel.split('/').filter(Boolean));
  }

  /** The text of a package's file, or undefined when it cannot be read. */
  text(pkg: string, rel: string): string | undefined {
    const file = this.pathOf(pkg, rel);
    if (file === undefined) return undefined;
    if (!this.texts.has(file)) this.texts.set(file, readText(file));
    return this.texts.get(file);
  }

  /** A package's JSON file, parsed once; undefined when it cannot be read or is not JSON. */
  json(pkg: string, rel: string): unknown {
    const file = this.pathOf(pkg, rel);
    if (file === undefined) return undefined;
    if (!this.parsed.has(file)) {
      const text = this.text(pkg, rel);
      let value: unknown;
      try {
        value = text === undefined ? undefined : (JSON.parse(text) as unknown);
      } catch {
        value = undefined;
      }
      this.parsed.set(file, value);
    }
    return this.parsed.get(file);
  }

  /** What `make` builds from a package's file (a parsed build script), made once per project; undefined when unreadable. */
  derived<T>(pkg: string, rel: string, make: (text: string) => T): T | undefined {
    const file = this.pathOf(pkg, rel);
    if (file === undefined) return undefined;
    const key = `derived\u0000${file}`;
    if (!this.parsed.has(key)) {
      const text = this.text(pkg, rel);
      this.parsed.set(key, text === undefined ? undefined : make(text));
    }
    return this.parsed.get(key) as T | undefined;
  }

  /** True when the package (`rel` '') or a folder in it is installed. */
  hasDir(pkg: string, rel = ''): boolean {
    const dir = this.pathOf(pkg, rel);
    return dir !== undefined && this.isDirAt(dir);
  }

  /** Whether `dir` (a path in a package) is a folder, checked once. */
  isDirAt(dir: string): boolean {
    let known = this.dirs.get(dir);
    if (known === undefined) this.dirs.set(dir, (known = isDir(dir)));
    return known;
  }

  /** The installed package's folder, or undefined when it is not installed. */
  packageDir(pkg: string): string | undefined {
    return this.hasDir(pkg) ? this.pathOf(pkg, '') : undefined;
  }
}

/** The project's packages folder: [platformio] packages_dir, which defaults to `${platformio.core_dir}/packages`. */
export function installedPackages(config: PioProjectConfig): InstalledPackages {
  return new InstalledPackages(config.folderPath(config.get('platformio', 'packages_dir')));
}

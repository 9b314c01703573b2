// PlatformIO's Library Dependency Finder (LDF) for a derived env: which libraries of its storages (lib_extra_dirs,
// lib_dir, libdeps_dir/<env>, the core's global lib folder) the env builds. As PlatformIO's default `chain` mode finds
// them: every project source's #include lines (`chain+`/`deep+`: those its conditionals take, conditional-includes.ts),
// followed through the project's headers and through each found library's included headers and the sources named
// like them; lib_deps' libraries and library.json dependencies taken, lib_ignore's and incompatible ones
// (lib_compat_mode) left out, `off` taking lib_deps' alone.
import path from 'node:path';
import type { Diagnostic } from '../contract.js';
import { pathKind } from '../shared/detect-inputs.js';
import { directivesOf, includesOf, type Directive, type IncludeLine } from '../shared/include-lines.js';
import { parseBuildFlags, type PioFlags } from './build-flags.js';
import { conditionalIncludes, ConditionalScanFailed, namespaceOf, type Namespace, type ScanReader } from './conditional-includes.js';
import { compatibleLibrary, parseLibrarySpec, readLibrary, specNames, withLibraryFlags, type PioLibrary } from './pio-library.js';
import { filesBelow, foldersIn, matchSrcFiles, SRC_BUILD_EXTS } from './src-filter.js';

const HEADER_RE = /\.(h|hpp)$/;
const SAME_NAME_SOURCES = ['c', 'cc', 'cpp', 'cxx', 'c++'];
/** The sources a library compiles (its builder's SRC_BUILD_EXT: no .ino), and without .asm for Arduino's. */
const LIB_EXTS = new Set([...SRC_BUILD_EXTS].filter((e) => e !== '.ino'));
const ARDUINO_LIB_EXTS = new Set([...LIB_EXTS].filter((e) => e !== '.asm' && e !== '.ASM'));

/** The sources `lib` compiles, relative to its source folder (`/`-separated, sorted). */
export function librarySources(lib: PioLibrary): string[] {
  return matchSrcFiles(lib.srcDir, lib.srcFilter, lib.skipAsm ? ARDUINO_LIB_EXTS : LIB_EXTS);
}

const within = (dir: string, file: string) => file.startsWith(dir + path.sep);

const LDF_MODES = ['off', 'chain', 'deep', 'chain+', 'deep+'];
/** A lib_ldf_mode / libLDFMode as PlatformIO validates it: a mode's name or index, else `chain`. */
export function ldfMode(value: string | undefined): string {
  const mode = value?.trim().toLowerCase() ?? '';
  return LDF_MODES.includes(mode) ? mode : /^\d+$/.test(mode) && Number(mode) < LDF_MODES.length ? LDF_MODES[Number(mode)] : 'chain';
}

/** What a project's envs share in finding libraries: folder listings, storages' libraries, #include lines. */
export class LibraryCache implements ScanReader {
  readonly includes = new Map<string, IncludeLine[]>();
  private readonly lines = new Map<string, Directive[]>();
  private readonly trees = new Map<string, string[]>();
  private readonly storages = new Map<string, PioLibrary[]>();
  /** The files below each folder an include is looked up in, by relative path; and the folders holding each path. */
  private readonly indexes = new Map<string, Set<string>>();
  private readonly holders = new Map<string, string[]>();

  /** Every file below `dir` (absolute, in name order; hidden entries left out). */
  files(dir: string): string[] {
    let found = this.trees.get(dir);
    if (found === undefined) this.trees.set(dir, (found = filesBelow(dir)));
    return found;
  }

  /** The files below an include folder, by their path relative to it (`/`-separated as written in #include). */
  index(dir: string): Set<string> {
    let idx = this.indexes.get(dir);
    if (idx === undefined) {
      this.indexes.set(dir, (idx = new Set(this.files(dir).map((f) => path.relative(dir, f).split(path.sep).join('/')))));
      for (const rel of idx) {
        const at = this.holders.get(rel);
        if (at) at.push(dir);
        else this.holders.set(rel, [dir]);
      }
    }
    return idx;
  }

  /** A file's preprocessor lines (for the conditional scan; its #include lines are read with them). */
  directives(file: string): Directive[] {
    return directivesOf(file, this.lines, this.includes);
  }

  /** Whether `dir` holds a file at `name` (as written in an #include). */
  fileIn(dir: string, name: string): boolean {
    if (path.isAbsolute(name) || name.includes('\\') || name.split('/').includes('..')) return pathKind(path.resolve(dir, name)) === 'file';
    return this.index(dir).has(path.posix.normalize(name));
  }

  /** The indexed folders that hold `rel` (index them first). */
  holding(rel: string): readonly string[] {
    return this.holders.get(rel) ?? [];
  }

  /** The libraries of a storage folder (each sub-folder but `__cores__`), in name order; warnings the first time. */
  libraries(storage: string, diagnostics?: Diagnostic[]): PioLibrary[] {
    let libs = this.storages.get(storage);
    if (libs === undefined) {
      libs = foldersIn(storage).filter((n) => n !== '__cores__').map((n) => {
        const dir = path.join(storage, n);
        return readLibrary(dir, this.files(dir), (f) => includesOf(f, this.includes));
      });
      this.storages.set(storage, libs);
      for (const lib of libs) if (lib.brokenManifest) diagnostics?.push(brokenManifestWarning(lib, lib.brokenManifest));
    }
    return libs;
  }
}

/** PlatformIO's "Ignoring broken library manifest": the library is still built, as if its library.json were `{}`. */
function brokenManifestWarning(lib: PioLibrary, broken: NonNullable<PioLibrary['brokenManifest']>): Diagnostic {
  return {
    severity: 'warning',
    file: broken.file,
    line: broken.line,
    message: `broken library manifest (${broken.message}); library '${lib.name}' is read as PlatformIO reads it then, without its manifest: its name, folders, flags and dependencies by default`,
    fix: 'correct library.json',
  };
}

/** What the finder needs of an env. */
export interface LibraryFinderInput {
  /** Library storages in PlatformIO's order. */
  storages: string[];
  projectIncludeDir: string;
  srcDir: string;
  /** The env's sources (absolute). */
  sources: string[];
  libDeps: string[];
  libIgnore: string[];
  /** lib_ldf_mode, when the env sets it. */
  ldfMode?: string;
  compatMode?: string;
  frameworks: string[];
  /** The env's platform by its name (PIOPLATFORM: `espressif32` for `platformio/espressif32@6.5.0`), when it has one. */
  platform?: string;
  /** Where warnings about the storages' libraries go (the first env to read a storage reports them). */
  diagnostics?: Diagnostic[];
  /** The env's CPPDEFINES for its project's sources and for its libraries' (before their own flags). */
  defines?: { project: PioFlags['defines']; libraries: PioFlags['defines'] };
}

/** A library the env builds, and the libraries it depends on (transitively: their folders join its include path). */
export interface FoundLibrary {
  lib: PioLibrary;
  deps: PioLibrary[];
}

type Owner = PioLibrary | 'project';

/** One env's walk (see the module comment); `order` lists the libraries in the order they were found. */
class Finder {
  readonly order: PioLibrary[] = [];
  private readonly dependent = new Set<PioLibrary>();
  private readonly deps = new Map<Owner, PioLibrary[]>();
  private readonly processed = new Map<Owner, Set<string>>();
  private readonly depsDone = new Set<Owner>();
  private readonly namespaces = new Map<Owner, Namespace>();
  /** The project's include folder (when it exists) and src folder: its own files, searched before any library's. */
  private readonly projectDirs: string[];

  constructor(
    private readonly all: PioLibrary[],
    private readonly input: LibraryFinderInput,
    private readonly cache: LibraryCache,
  ) {
    this.projectDirs = [...(pathKind(input.projectIncludeDir) === 'dir' ? [input.projectIncludeDir] : []), input.srcDir];
  }

  depsOf(owner: Owner): PioLibrary[] {
    let d = this.deps.get(owner);
    if (d === undefined) this.deps.set(owner, (d = []));
    return d;
  }

  /**
   * The project's chain modes scan all its sources (PlatformIO reads the project as `deep`, `deep+`); an Arduino
   * library that lists `depends` reads as `chain+` unless the env sets lib_ldf_mode (as the Arduino IDE would).
   */
  private modeOf(owner: Owner): string {
    if (owner !== 'project' && owner.kind === 'arduino' && owner.arduinoDepends && this.input.ldfMode === undefined) return 'chain+';
    const mode = ldfMode(owner === 'project' ? this.input.ldfMode : owner.ldfMode ?? this.input.ldfMode);
    return owner === 'project' && mode.startsWith('chain') ? mode.replace('chain', 'deep') : mode;
  }

  /** The owner's CPPDEFINES as the conditional scan holds them: the project's, or the libraries' with its own flags. */
  private namespaceOf(owner: Owner): Namespace {
    let ns = this.namespaces.get(owner);
    if (ns === undefined) {
      const env = this.input.defines;
      const defines = owner === 'project' ? env?.project ?? [] : withLibraryFlags({ ...parseBuildFlags([]), defines: env?.libraries ?? [] }, owner).defines;
      this.namespaces.set(owner, (ns = namespaceOf(defines)));
    }
    return ns;
  }

  private contains(owner: Owner, file: string): boolean {
    return owner === 'project' ? this.projectDirs.some((d) => within(d, file)) : within(owner.dir, file);
  }

  private searchFiles(owner: Owner): string[] {
    if (owner === 'project') return this.input.sources;
    return librarySources(owner).map((r) => path.join(owner.srcDir, r));
  }

  /** Libraries dependent first (PlatformIO sorts its builders so), each group in storage order. */
  private searchOrder(): PioLibrary[] {
    return [...this.all.filter((l) => this.dependent.has(l)), ...this.all.filter((l) => !this.dependent.has(l))];
  }

  private byName(spec: string): PioLibrary | undefined {
    const parsed = parseLibrarySpec(spec);
    return this.all.find((l) => specNames(parsed, l));
  }

  private processDependencies(owner: Owner): void {
    if (this.depsDone.has(owner)) return;
    this.depsDone.add(owner);
    if (owner !== 'project') {
      for (const spec of owner.dependencies) {
        const lib = this.all.find((l) => specNames(spec, l));
        if (lib && !this.depsOf(owner).includes(lib)) this.depend(owner, lib);
      }
      return;
    }
    const named = this.input.libDeps.map((s) => this.byName(s)).filter((l): l is PioLibrary => l !== undefined);
    for (const lib of named) if (!this.depsOf('project').includes(lib)) this.depend('project', lib, undefined, false);
    for (const lib of named) this.search(lib);
  }

  search(owner: Owner, files?: string[]): void {
    this.processDependencies(owner);
    const mode = this.modeOf(owner);
    if (mode === 'off') return;
    const found = this.implicitIncludes(owner, mode.startsWith('deep') ? this.searchFiles(owner) : files ?? [], mode.endsWith('+'));
    const groups = new Map<PioLibrary, string[]>();
    const order = this.searchOrder();
    for (const file of found) {
      const lib = order.find((l) => l !== owner && within(l.dir, file));
      if (!lib) continue;
      const group = groups.get(lib);
      if (group) group.push(file);
      else groups.set(lib, [file]);
    }
    for (const [lib, libFiles] of groups) this.depend(owner, lib, libFiles);
  }

  private reaches(from: Owner, to: Owner, seen = new Set<Owner>()): boolean {
    if (seen.has(from)) return false;
    seen.add(from);
    return this.depsOf(from).some((d) => d === to || this.reaches(d, to, seen));
  }

  private depend(owner: Owner, lib: PioLibrary, files?: string[], recursive = true): void {
    if (owner !== lib && !this.reaches(lib, owner) && !this.depsOf(owner).includes(lib)) {
      this.depsOf(owner).push(lib);
      if (!this.dependent.has(lib)) {
        this.dependent.add(lib);
        this.order.push(lib);
      }
    }
    if (recursive) this.search(lib, files);
  }

  /** Where an #include finds its file: the includer's folder first for quotes, last for angle brackets. */
  private resolve(inc: IncludeLine, from: string, dirs: string[], rank: Map<string, number>): string | undefined {
    const own = path.dirname(from);
    const name = inc.name.split(path.sep).join('/');
    if (path.isAbsolute(name) || name.split('/').includes('..')) {
      const order = inc.quoted ? [own, ...dirs] : [...dirs, own];
      return order.map((d) => path.resolve(d, name)).find((p) => pathKind(p) === 'file');
    }
    if (inc.quoted && this.cache.index(own).has(name)) return path.join(own, name);
    let best: string | undefined;
    let bestRank = Infinity;
    for (const d of this.cache.holding(name)) {
      const r = rank.get(d);
      if (r !== undefined && r < bestRank) [best, bestRank] = [d, r];
    }
    if (best !== undefined) return path.join(best, name);
    return !inc.quoted && this.cache.index(own).has(name) ? path.join(own, name) : undefined;
  }

  /** The files `file` includes: where its conditionals hold with `plus` (every #include when that scan fails). */
  private includedBy(owner: Owner, file: string, dirs: string[], rank: Map<string, number>, plus: boolean): string[] {
    if (plus) {
      try {
        return conditionalIncludes(file, this.namespaceOf(owner), dirs, this.cache);
      } catch (e) {
        if (!(e instanceof ConditionalScanFailed)) throw e;
      }
    }
    return includesOf(file, this.cache.includes).flatMap((inc) => this.resolve(inc, file, dirs, rank) ?? []);
  }

  /** The files an owner's search files include, transitively through its own files, with same-named sources. */
  private implicitIncludes(owner: Owner, files: string[], plus: boolean): string[] {
    const dirs = [...new Set([...(owner === 'project' ? [] : owner.includeDirs), ...this.projectDirs, ...this.searchOrder().flatMap((l) => l.includeDirs)])];
    const rank = new Map(dirs.map((d, i) => [d, i]));
    for (const d of dirs) this.cache.index(d);
    let processed = this.processed.get(owner);
    if (processed === undefined) this.processed.set(owner, (processed = new Set()));
    const queue = [...files];
    const queued = new Set(queue);
    const result = new Set<string>();
    for (let i = 0; i < queue.length; i++) {
      const file = queue[i];
      if (processed.has(file)) continue;
      processed.add(file);
      for (const hit of this.includedBy(owner, file, dirs, rank, plus)) {
        if (!processed.has(hit) && !queued.has(hit) && this.contains(owner, hit)) {
          queue.push(hit);
          queued.add(hit);
        }
        result.add(hit);
        if (!HEADER_RE.test(hit)) continue;
        const stem = hit.slice(0, hit.lastIndexOf('.'));
        const dir = path.dirname(hit);
        for (const ext of SAME_NAME_SOURCES) if (this.cache.index(dir).has(path.basename(`${stem}.${ext}`))) result.add(`${stem}.${ext}`);
      }
    }
    return [...result];
  }
}

/** The libraries the env builds, in the order the finder found them, each with the libraries it depends on. */
export function findLibraries(input: LibraryFinderInput, cache: LibraryCache): FoundLibrary[] {
  const all = input.storages.flatMap((s) => cache.libraries(s, input.diagnostics)).filter((l) => !input.libIgnore.includes(l.name) && compatibleLibrary(l, input, input.compatMode));
  if (all.length === 0) return [];
  const finder = new Finder(all, input, cache);
  finder.search('project');
  const closure = (lib: PioLibrary, seen: Set<PioLibrary>): void => {
    for (const d of finder.depsOf(lib)) if (!seen.has(d)) closure(d, seen.add(d));
  };
  return finder.order.map((lib) => {
    const seen = new Set<PioLibrary>();
    closure(lib, seen);
    seen.delete(lib);
    return { lib, deps: [...seen] };
  });
}

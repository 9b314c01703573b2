// What a µVision project's software components (RTE) and device take from installed CMSIS packs, as µVision adds it
// to each compile: the include folders of the components it uses (CMSIS-Core's `CMSIS/Core/Include`; of a file under
// a condition, only when it holds for the compiler and core: an RTOS port's folder), and the
// device's header folder and define (`<compile header="..." define="STM32F407xx"/>` of its device, sub-family or
// family). Packs are found where the CMSIS toolbox and Keil Studio keep them: `CMSIS_PACK_ROOT`, else
// `~/.cache/arm/packs` (`<vendor>/<pack>/<version>/<vendor>.<pack>.pdsc`); the version the project names, else the
// newest installed. Nothing is taken when no pack is installed.
import os from 'node:os';
import path from 'node:path';
import type { XMLParser as XmlParserClass } from 'fast-xml-parser';
import { requirePackage } from '../../src/model/require-package.js';
import { envValue, listEntries, pathKind, readDetectedText } from '../shared/detect-inputs.js';

const { XMLParser } = requirePackage('fast-xml-parser') as { XMLParser: typeof XmlParserClass };

type El = Record<string, unknown>;

const ARRAYS = new Set(['component', 'file', 'bundle', 'family', 'subFamily', 'device', 'variant', 'targetInfo', 'condition', 'require', 'accept', 'deny']);
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, isArray: (name: string) => ARRAYS.has(name) });

const kids = (el: unknown, name: string): El[] => {
  const v = el && typeof el === 'object' ? (el as El)[name] : undefined;
  return Array.isArray(v) ? (v as unknown[]).filter((x): x is El => !!x && typeof x === 'object') : v && typeof v === 'object' ? [v as El] : [];
};
const attr = (el: El | undefined, name: string): string | undefined => (typeof el?.[`@${name}`] === 'string' ? (el[`@${name}`] as string) : undefined);

/** A pack as a project names it. */
export interface PackRef {
  vendor: string;
  name: string;
  version?: string;
}

/** A software component the project uses, with the pack it comes from. */
export interface RteComponent {
  Cclass: string;
  Cgroup: string;
  Csub?: string;
  Cvariant?: string;
  pack: PackRef;
}

/** The components of a project's RTE section (only that section is parsed: a project file runs to hundreds of KB). */
export function rteComponents(xml: string): RteComponent[] {
  const start = xml.indexOf('<RTE>');
  const end = xml.indexOf('</RTE>', start);
  if (start < 0 || end < 0) return [];
  let doc: El;
  try {
    doc = parser.parse(xml.slice(start, end + '</RTE>'.length)) as El;
  } catch {
    return [];
  }
  const rte = kids(doc, 'RTE')[0];
  return kids(kids(rte, 'components')[0], 'component').flatMap((c) => {
    const pkg = kids(c, 'package')[0];
    const [Cclass, Cgroup, vendor, name] = [attr(c, 'Cclass'), attr(c, 'Cgroup'), attr(pkg, 'vendor'), attr(pkg, 'name')];
    if (!Cclass || !Cgroup || !vendor || !name) return [];
    return [{ Cclass, Cgroup, Csub: attr(c, 'Csub'), Cvariant: attr(c, 'Cvariant'), pack: { vendor, name, version: attr(pkg, 'version') } }];
  });
}

/** The device pack of a target's `<PackID>` (`Keil.STM32F4xx_DFP.2.17.1`). */
export function packOfId(id: string | undefined): PackRef | undefined {
  const m = /^([^.]+)\.([^.]+)\.(\d[\w.-]*)$/.exec(id ?? '');
  return m ? { vendor: m[1], name: m[2], version: m[3] } : undefined;
}

/** Where packs are installed here, or undefined. */
export function packRoot(): string | undefined {
  const named = envValue('CMSIS_PACK_ROOT');
  const root = named || path.join(os.homedir(), '.cache', 'arm', 'packs');
  return pathKind(root) === 'dir' ? root : undefined;
}

/** Version numbers compared part by part (`5.9.0` < `5.10.0`). */
function newer(a: string, b: string): boolean {
  const pa = a.split(/[.-]/).map((x) => Number.parseInt(x, 10) || 0);
  const pb = b.split(/[.-]/).map((x) => Number.parseInt(x, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) > (pb[i] ?? 0);
  return false;
}

/** An installed pack's folder and parsed description, or undefined. */
export function installedPack(root: string, ref: PackRef): { dir: string; pdsc: El } | undefined {
  const base = path.join(root, ref.vendor, ref.name);
  let version = ref.version && pathKind(path.join(base, ref.version)) === 'dir' ? ref.version : undefined;
  if (!version) for (const e of listEntries(base) ?? []) if (e.isDirectory() && (!version || newer(e.name, version))) version = e.name;
  if (!version) return undefined;
  const dir = path.join(base, version);
  const text = readDetectedText(path.join(dir, `${ref.vendor}.${ref.name}.pdsc`));
  if (text === undefined) return undefined;
  try {
    return { dir, pdsc: parser.parse(text) as El };
  } catch {
    return undefined;
  }
}

/** A path a pack description names (`CMSIS/Core/Include/`, some with Windows separators) inside the pack's folder. */
const inPack = (dir: string, name: string): string => path.join(dir, name.replace(/\\/g, '/')).replace(/\/+$/, '');

/** A pack description's components, those of its bundles with the bundle's class. */
function packComponents(pdsc: El): El[] {
  const components = kids(kids(pdsc, 'package')[0], 'components')[0];
  const bundled = kids(components, 'bundle').flatMap((b) => kids(b, 'component').map((c) => ({ '@Cclass': attr(b, 'Cclass'), ...c })));
  return [...kids(components, 'component'), ...bundled];
}

/** What a pack's conditions are weighed against: the compiler (`ARMCC` for both Arm compilers) and the target. */
export interface PackTarget {
  /** `AC6` or `AC5`. */
  options: string;
  /** `Cortex-M4`, `Cortex-M0+`. */
  core?: string;
  /** `NO_FPU`, `SP_FPU` or `DP_FPU`. */
  fpu: string;
  secure: boolean;
  device?: string;
}

/** Whether one `require`/`accept`/`deny` element's attributes all hold for the target (an attribute not weighed here holds). */
function attributesHold(el: El, t: PackTarget, conditions: Map<string, El>, seen: Set<string>): boolean {
  for (const [key, raw] of Object.entries(el)) {
    if (!key.startsWith('@') || typeof raw !== 'string') continue;
    const v = raw.trim();
    const name = key.slice(1);
    if (name === 'Tcompiler' && v !== 'ARMCC') return false;
    if (name === 'Toptions' && v !== t.options) return false;
    if (name === 'Dcore' && t.core && v !== t.core) return false;
    if (name === 'Dfpu' && !(v === t.fpu || (v === 'FPU' && t.fpu !== 'NO_FPU') || (v === 'SP_FPU' && t.fpu === 'DP_FPU'))) return false;
    if (name === 'Dsecure' && (v === 'Secure') !== t.secure) return false;
    if (name === 'Dname' && t.device && !new RegExp(`^${v.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`).test(t.device)) return false;
    if (name === 'condition' && !conditionHolds(v, t, conditions, seen)) return false;
  }
  return true;
}

/** Whether the pack's condition `id` holds: every `require`, one `accept` when it has any, no `deny`. Unknown ids hold. */
function conditionHolds(id: string, t: PackTarget, conditions: Map<string, El>, seen = new Set<string>()): boolean {
  const c = conditions.get(id);
  if (!c || seen.has(id)) return true;
  seen.add(id);
  const holds = (el: El) => attributesHold(el, t, conditions, seen);
  const accepts = kids(c, 'accept');
  const ok = kids(c, 'require').every(holds) && (!accepts.length || accepts.some(holds)) && !kids(c, 'deny').some(holds);
  seen.delete(id);
  return ok;
}

/** The pack's conditions by id. */
function conditionsOf(pdsc: El): Map<string, El> {
  return new Map(kids(kids(kids(pdsc, 'package')[0], 'conditions')[0], 'condition').map((c) => [attr(c, 'id') ?? '', c]));
}

/**
 * The pack's components the project's component is: those of its class, group and sub-group (and variant, when it
 * names one) whose condition holds for the target; of several variants when it names none, the default one (as an
 * older pack version without variants leaves it), else the first.
 */
function chosenComponents(pdsc: El, c: RteComponent, target: PackTarget, conditions: Map<string, El>): El[] {
  const match = (x: El) => attr(x, 'Cclass') === c.Cclass && attr(x, 'Cgroup') === c.Cgroup && (attr(x, 'Csub') ?? '') === (c.Csub ?? '') && (!c.Cvariant || (attr(x, 'Cvariant') ?? '') === c.Cvariant);
  const holding = packComponents(pdsc).filter((x) => match(x) && (!attr(x, 'condition') || conditionHolds(attr(x, 'condition')!, target, conditions)));
  if (c.Cvariant || new Set(holding.map((x) => attr(x, 'Cvariant') ?? '')).size <= 1) return holding;
  const chosen = holding.find((x) => attr(x, 'isDefaultVariant') === 'true') ?? holding[0];
  return holding.filter((x) => (attr(x, 'Cvariant') ?? '') === (attr(chosen, 'Cvariant') ?? ''));
}

/** The files of a component of the pack whose condition holds for the target (not configuration or template files: those are copied into the project). */
function componentFiles(pack: { dir: string; pdsc: El }, c: RteComponent, target: PackTarget): { category: string; file: string }[] {
  const conditions = conditionsOf(pack.pdsc);
  const out: { category: string; file: string }[] = [];
  for (const comp of chosenComponents(pack.pdsc, c, target, conditions)) {
    for (const f of kids(kids(comp, 'files')[0], 'file')) {
      const name = attr(f, 'name');
      const kind = attr(f, 'attr');
      if (!name || kind === 'config' || kind === 'template') continue;
      const condition = attr(f, 'condition');
      if (condition && !conditionHolds(condition, target, conditions)) continue;
      out.push({ category: attr(f, 'category') ?? '', file: inPack(pack.dir, name) });
    }
  }
  return out;
}

/**
 * What a component of the pack gives, of the files whose condition holds for the target (a port's folder and files
 * for its core and compiler only): include folders (its `include` files, the folders of its `header` files) and the C
 * and C++ sources it compiles into the project (an RTOS kernel, a middleware).
 */
export function componentPlaces(pack: { dir: string; pdsc: El }, c: RteComponent, target: PackTarget): { includes: string[]; sources: string[] } {
  const dirs = new Set<string>();
  const sources: string[] = [];
  for (const { category, file } of componentFiles(pack, c, target)) {
    if (category === 'include') dirs.add(file);
    else if (category === 'header') dirs.add(path.dirname(file));
    else if (SOURCE_CATEGORIES.has(category) && pathKind(file) === 'file') sources.push(file);
  }
  return { includes: [...dirs].filter((d) => pathKind(d) === 'dir'), sources };
}

/** The include folders of componentPlaces. */
export const componentIncludes = (pack: { dir: string; pdsc: El }, c: RteComponent, target: PackTarget): string[] => componentPlaces(pack, c, target).includes;

const SOURCE_CATEGORIES = new Set(['source', 'sourceC', 'sourceCpp']);

/** The device's `<compile>` (header and define), the device's own over its sub-family's over its family's. */
export function deviceCompile(pack: { dir: string; pdsc: El }, device: string): { includeDir?: string; define?: string } | undefined {
  const devices = kids(kids(pack.pdsc, 'package')[0], 'devices')[0];
  for (const family of kids(devices, 'family')) {
    for (const sub of [family, ...kids(family, 'subFamily')]) {
      const found = kids(sub, 'device').find((d) => attr(d, 'Dname') === device || kids(d, 'variant').some((v) => attr(v, 'Dvariant') === device));
      if (!found) continue;
      const chain = [family, ...(sub === family ? [] : [sub]), found, ...kids(found, 'variant').filter((v) => attr(v, 'Dvariant') === device)];
      let header: string | undefined;
      let define: string | undefined;
      for (const scope of chain) {
        const compile = kids(scope, 'compile')[0];
        header = attr(compile, 'header') ?? header;
        define = attr(compile, 'define') ?? define;
      }
      return { ...(header ? { includeDir: path.dirname(inPack(pack.dir, header)) } : {}), ...(define ? { define } : {}) };
    }
  }
  return undefined;
}

/** What a target takes from installed packs: include folders and defines, and the packs it names that are not installed. */
export interface PackPlaces {
  includes: string[];
  /** The components' C and C++ sources in the packs, compiled as the project's own. */
  sources: string[];
  defines: string[];
  /** Packs named but not installed (`ARM.CMSIS.5.9.0`); all of them when no pack folder exists. */
  missing: string[];
  /** The pack folder searched, when one exists. */
  root?: string;
}

/** Installed packs by the reference a project writes, each read and parsed once per detection (see targetPackPlaces). */
export type InstalledPacks = Map<string, { dir: string; pdsc: El } | undefined>;

/**
 * The include folders and defines of the components a target uses and of its device, from the installed packs;
 * `installed` holds the packs read for the detection's earlier targets (a pack description is read once for all).
 */
export function targetPackPlaces(components: readonly RteComponent[], target: PackTarget, devicePack: PackRef | undefined, installed: InstalledPacks = new Map()): PackPlaces {
  const device = target.device;
  const root = packRoot();
  const named = [...components.map((c) => c.pack), ...(devicePack ? [devicePack] : [])];
  const label = (p: PackRef) => `${p.vendor}.${p.name}${p.version ? `.${p.version}` : ''}`;
  if (!root) return { includes: [], sources: [], defines: [], missing: [...new Set(named.map(label))] };
  const packs = new Map<string, { dir: string; pdsc: El } | undefined>();
  const pack = (p: PackRef) => {
    const key = label(p);
    const where = `${root}\0${key}`;
    if (!installed.has(where)) installed.set(where, installedPack(root, p));
    packs.set(key, installed.get(where));
    return packs.get(key);
  };
  const includes = new Set<string>();
  const sources = new Set<string>();
  for (const c of components) {
    const p = pack(c.pack);
    if (!p) continue;
    const places = componentPlaces(p, c, target);
    for (const d of places.includes) includes.add(d);
    for (const f of places.sources) sources.add(f);
  }
  const defines: string[] = [];
  const dp = devicePack && pack(devicePack);
  const compile = dp && device ? deviceCompile(dp, device) : undefined;
  if (compile?.includeDir) includes.add(compile.includeDir);
  if (compile?.define) defines.push(compile.define);
  return { includes: [...includes], sources: [...sources], defines, missing: [...packs].filter(([, v]) => !v).map(([k]) => k), root };
}

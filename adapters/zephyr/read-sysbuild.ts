// Reads a sysbuild folder's domains.yaml: the images (domains) of one variant, each with its own build
// folder, which image is the default, and each image's kind (mcuboot → bootloader, *_slot1_variant → slot1).
// A domain whose folder is missing becomes a diagnostic; the others still come out.
import path from 'node:path';
import type { Diagnostic } from '../contract.js';
import { parseYaml } from '../shared/yaml-text.js';
import { isDir, readText, realDir } from '../shared/fs-helpers.js';

export interface SysbuildDomain {
  name: string;
  dir: string;
}

export interface SysbuildLayout {
  file: string;
  defaultDomain?: string;
  domains: SysbuildDomain[];
  flashOrder: string[];
}

const BOOTLOADERS = new Set(['mcuboot', 'b0', 'b0n', 'nsib']);

/** Kind of a sysbuild image from its domain name and the type build_info.yml gives it. */
export function imageTypeOf(name: string, isDefault: boolean, declaredType?: string): string {
  if (BOOTLOADERS.has(name) || declaredType?.toUpperCase() === 'BOOTLOADER') return 'bootloader';
  if (/_slot1_variant$/.test(name) || name === 's1_image' || /_secondary_app$/.test(name)) return 'slot1';
  if (isDefault || declaredType?.toUpperCase() === 'MAIN') return 'app';
  return declaredType ? declaredType.toLowerCase() : 'app';
}

function lineOf(text: string, needle: RegExp): number | undefined {
  const lines = text.split(/\r?\n/);
  const i = lines.findIndex((l) => needle.test(l));
  return i >= 0 ? i + 1 : undefined;
}

export function readSysbuildDomains(sysbuildDir: string, diagnostics: Diagnostic[]): SysbuildLayout | undefined {
  const file = path.join(sysbuildDir, 'domains.yaml');
  const text = readText(file);
  if (text === undefined) return undefined;
  let doc: { default?: unknown; build_dir?: unknown; domains?: unknown; flash_order?: unknown };
  try {
    doc = (parseYaml(text) ?? {}) as typeof doc;
  } catch (err) {
    diagnostics.push({ severity: 'error', file, message: `domains.yaml is not valid YAML: ${(err as Error).message}`, fix: 'rerun `west build --sysbuild` to regenerate it' });
    return { file, domains: [], flashOrder: [] };
  }
  const layout: SysbuildLayout = {
    file,
    defaultDomain: typeof doc.default === 'string' ? doc.default : undefined,
    domains: [],
    flashOrder: Array.isArray(doc.flash_order) ? doc.flash_order.filter((x): x is string => typeof x === 'string') : [],
  };
  const recordedTop = typeof doc.build_dir === 'string' ? doc.build_dir : undefined;
  const entries = Array.isArray(doc.domains) ? doc.domains : [];
  for (const e of entries as { name?: unknown; build_dir?: unknown }[]) {
    if (!e || typeof e.name !== 'string') continue;
    const name = e.name;
    const recorded = typeof e.build_dir === 'string' ? e.build_dir : undefined;
    // The folder as recorded; else the same place below this sysbuild folder (the build was moved); else <dir>/<name>.
    const candidates: string[] = [];
    if (recorded) {
      candidates.push(path.resolve(sysbuildDir, recorded));
      if (recordedTop && path.isAbsolute(recorded)) {
        const relToTop = path.relative(recordedTop, recorded);
        if (!relToTop.startsWith('..')) candidates.push(path.join(sysbuildDir, relToTop));
      }
    }
    candidates.push(path.join(sysbuildDir, name));
    const found = candidates.find(isDir);
    const dir = found && realDir(found);
    if (!dir) {
      diagnostics.push({
        severity: 'error',
        file,
        line: lineOf(text, new RegExp(`name:\\s*${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`)),
        message: `domains.yaml names domain '${name}' whose build folder ${recorded ?? path.join(sysbuildDir, name)} does not exist; image '${name}' skipped`,
        fix: `rebuild with \`west build --sysbuild\` (or \`west build -d ${path.basename(sysbuildDir)}\`) so that every domain is configured, or remove '${name}' from domains.yaml`,
      });
      continue;
    }
    layout.domains.push({ name, dir });
  }
  if (layout.defaultDomain && !entries.some((e: { name?: unknown }) => e?.name === layout.defaultDomain)) {
    diagnostics.push({ severity: 'warning', file, message: `default domain '${layout.defaultDomain}' is not among the domains`, fix: 'rerun `west build --sysbuild`' });
  }
  return layout;
}

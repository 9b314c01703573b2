// Reads a GNU ld map file: the `Memory Configuration` table and the output sections of `Linker script and memory
// map` (name, VMA, size, `load address`), and computes per-region usage. Input sections, symbols, discarded
// sections and the cross-reference table are not read.
//
// Usage rule. ld's --print-memory-usage prints `region->current - region->origin`: `current` moves to the end of
// each allocated output section the script sends to the region (`> R`), and to the end of the load image of each
// section sent there with `AT> R`. So used = max(end of those sections, end of those load images) - origin, which
// counts alignment gaps between sections (a plain sum of sizes would not). From the map alone we do not know what
// the script said, so a section counts in the region holding its VMA, and its load image (when the map prints a
// `load address`) in the region holding its LMA, unless it is a NOLOAD/.bss-like section. That equals ld whenever
// load images are placed with `AT>` (STM32Cube, Zephyr, mbed). With `AT(addr)` ld does not count the image at all
// (nRF5 SDK scripts): pass the parsed script (`options.script`) to reproduce ld exactly; without it the load image
// is counted, which is the flash it really occupies.
import type { Diagnostic } from '../src/model/diagnostic.js';
import type { MapFileOptions, OutputSection, MapFileResult, MapMemoryRegion, MapOutputSection } from './types.js';

/** Sections without a load image even when the map prints a `load address` (.bss follows the LMA of .data). */
const NOT_LOADED = /(^|[._])(s|t)?bss([._]|$)|noinit|no_init|uninit|(^|[._])heap([._]|$)|(^|[._])stack([._]|$)|^COMMON$/i;

/** Sections ld emits without SEC_ALLOC: they have address 0 in the map and take no target memory. */
const NON_ALLOCATED = /^\.(debug|zdebug|comment|stab|line$|ARM\.attributes|riscv\.attributes|gnu\.attributes|gnu_debug|GCC\.command\.line|xtensa\.info|mdebug|pdr|symtab|strtab|shstrtab|note\.GNU-stack|llvm_addrsig)/;

const ROW = /^(\S+)\s+0x([0-9a-fA-F]+)\s+0x([0-9a-fA-F]+)(?:\s+(\S+))?\s*$/;
const SECTION_LINE = /^([^\s]\S*)\s+0x([0-9a-fA-F]+)\s+0x([0-9a-fA-F]+)(?:\s+load address 0x([0-9a-fA-F]+))?\s*$/;
const SECTION_NAME_ONLY = /^([^\s]\S*)\s*$/;
const SECTION_CONTINUATION = /^\s+0x([0-9a-fA-F]+)\s+0x([0-9a-fA-F]+)(?:\s+load address 0x([0-9a-fA-F]+))?\s*$/;

function hexToNumber(h: string): number | null {
  const v = BigInt(`0x${h}`);
  return v > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(v);
}

/** Where the script sends an output section, as ld's region usage counts it. */
interface ScriptPlacement {
  region: string | null;
  loadRegion: string | null;
  noLoad: boolean;
  notAllocated: boolean;
}

export function parseMapFile(text: string, file: string, options: MapFileOptions = {}): MapFileResult {
  const diagnostics: Diagnostic[] = [];
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  const memStart = lines.findIndex((l) => l.trim() === 'Memory Configuration');
  const scriptStart = lines.findIndex((l) => l.trim() === 'Linker script and memory map');
  if (memStart < 0) {
    diagnostics.push({ severity: 'error', file, message: 'no `Memory Configuration` table: this does not look like a GNU ld map file', fix: 'link with -Wl,-Map=<file> (GNU ld) and point fw-context at that file' });
  }
  const memory = memStart < 0 ? [] : readMemoryTable(lines, memStart, scriptStart > memStart ? scriptStart : lines.length, file, diagnostics);
  const sections = scriptStart >= 0 ? readOutputSections(lines, scriptStart, memory, file, diagnostics) : [];
  if (scriptStart < 0 && memStart >= 0) {
    diagnostics.push({ severity: 'warning', file, message: 'no `Linker script and memory map` part: section placement and usage are unknown', fix: 'give the complete map file' });
  }
  return { memory, sections, usage: regionUsage(memory, sections, options.script), diagnostics };
}

/** The `Memory Configuration` table's rows (lines from..end), but ld's `*default*` region. */
function readMemoryTable(lines: string[], from: number, end: number, file: string, diagnostics: Diagnostic[]): MapMemoryRegion[] {
  const memory: MapMemoryRegion[] = [];
  for (let i = from + 1; i < end; i++) {
    const line = lines[i]!;
    if (/^Name\s+Origin\s+Length/.test(line) || line.trim() === '') continue;
    const m = ROW.exec(line);
    if (!m) {
      diagnostics.push({ severity: 'warning', file, line: i + 1, message: `unexpected line in Memory Configuration: \`${line.trim().slice(0, 60)}\``, fix: 'regenerate the map with GNU ld' });
      continue;
    }
    if (m[1] === '*default*') continue;
    const origin = hexToNumber(m[2]!);
    const length = hexToNumber(m[3]!);
    if (origin === null || length === null) {
      diagnostics.push({ severity: 'warning', file, line: i + 1, message: `region \`${m[1]}\` does not fit a safe integer; skipped` });
      continue;
    }
    memory.push({ name: m[1]!, origin, length, attributes: m[4] ?? '' });
  }
  return memory;
}

/** The output sections of `Linker script and memory map` (a long name puts its address on the next line). */
function readOutputSections(lines: string[], from: number, memory: MapMemoryRegion[], file: string, diagnostics: Diagnostic[]): MapOutputSection[] {
  const regionAt = (addr: number): string | null => {
    for (const r of memory) if (addr >= r.origin && addr < r.origin + r.length) return r.name;
    return null;
  };
  const sections: MapOutputSection[] = [];
  for (let i = from + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^Cross Reference Table/.test(line)) break;
    let name: string | undefined;
    let addr: string | undefined;
    let size: string | undefined;
    let lma: string | undefined;
    const lineNo = i + 1;
    const m = SECTION_LINE.exec(line);
    if (m) [, name, addr, size, lma] = m;
    else {
      const n = SECTION_NAME_ONLY.exec(line);
      const c = n && i + 1 < lines.length ? SECTION_CONTINUATION.exec(lines[i + 1]!) : null;
      if (n && c) { name = n[1]; [, addr, size, lma] = c; i++; }
    }
    if (!name || !addr || !size) continue;
    const address = hexToNumber(addr);
    const sz = hexToNumber(size);
    if (address === null || sz === null) {
      diagnostics.push({ severity: 'warning', file, line: lineNo, message: `output section \`${name}\` has an address or size beyond 2^53; skipped` });
      continue;
    }
    const loadAddress = lma ? hexToNumber(lma) : null;
    const allocated = !NON_ALLOCATED.test(name);
    sections.push({
      name, address, size: sz, loadAddress, allocated, line: lineNo,
      region: allocated ? regionAt(address) : null,
      loadRegion: allocated && loadAddress !== null && loadAddress !== address ? regionAt(loadAddress) : null,
    });
  }
  return sections;
}

/**
 * Where the parsed script sends each output section, region aliases resolved. As ld's lang_propagate_lma_regions:
 * a section without AT/AT>/address in the same region as the previous section inherits that section's load region.
 */
function scriptPlacements(script: NonNullable<MapFileOptions['script']>): Map<string, ScriptPlacement> {
  const aliases = new Map(script.regionAliases.map((a) => [a.alias, a.region]));
  const resolve = (r: string | null): string | null => {
    let n = r;
    for (let i = 0; i < 16 && n !== null && aliases.has(n); i++) n = aliases.get(n)!;
    return n;
  };
  const placements = new Map<string, ScriptPlacement>();
  let prev: OutputSection | null = null;
  let prevLoad: string | null = null;
  for (const d of script.sections) {
    let loadRegion = d.loadRegion;
    if (!loadRegion && !d.loadAddress && !d.address && prev && prev.region === d.region) loadRegion = prevLoad;
    placements.set(d.name, {
      region: resolve(d.region), loadRegion: resolve(loadRegion),
      noLoad: d.type !== null && /NOLOAD|DSECT|COPY|INFO|OVERLAY/.test(d.type),
      // ld: DSECT, COPY, INFO and OVERLAY sections are not allocated at all
      notAllocated: d.type !== null && /DSECT|COPY|INFO|OVERLAY/.test(d.type),
    });
    prev = d;
    prevLoad = loadRegion;
  }
  return placements;
}

/** Each region's usage by the rule in this file's opening comment: its high-water mark less its origin. */
function regionUsage(memory: MapMemoryRegion[], sections: MapOutputSection[], script: MapFileOptions['script']): Record<string, number> {
  const highWater = new Map<string, number>();
  const raise = (region: string | null, end: number): void => {
    if (region !== null) highWater.set(region, Math.max(highWater.get(region) ?? -Infinity, end));
  };
  const placements = script ? scriptPlacements(script) : undefined;
  for (const s of sections) {
    if (!s.allocated) continue;
    if (placements) {
      // as ld: the regions the script names; orphans and sections without `>` go by address
      const decl = placements.get(s.name);
      if (decl?.notAllocated) continue;
      const region = decl?.region ?? s.region;
      raise(region, s.address + s.size);
      if (decl?.loadRegion && decl.loadRegion !== region && !decl.noLoad && !NOT_LOADED.test(s.name)) {
        raise(decl.loadRegion, (s.loadAddress ?? s.address) + s.size);
      }
      continue;
    }
    raise(s.region, s.address + s.size);
    if (s.loadRegion !== null && s.loadAddress !== null && !NOT_LOADED.test(s.name)) raise(s.loadRegion, s.loadAddress + s.size);
  }
  const usage: Record<string, number> = {};
  for (const r of memory) usage[r.name] = highWater.has(r.name) ? highWater.get(r.name)! - r.origin : 0;
  return usage;
}

// The memory of a µVision target that takes its layout from the Target dialog, as the scatter file µVision writes
// from it when it links names it: an execution region ER_<area> per read-only area it places code in (the default
// ones and the startup one), RW_<area> per default read/write area. Lines are those of the areas' `<OCR_RVCTn>`.
import path from 'node:path';
import type { StatedMemory } from '../contract.js';
import type { KeilMemoryArea } from './read-uvprojx.js';

/** The regions of target number `index` (0-based, in file order) of the project file `xml`, or undefined when it states none. */
export function dialogMemory(projectFile: string, xml: string, index: number, areas: KeilMemoryArea[]): StatedMemory | undefined {
  const lines = areaLines(xml, index);
  const regions = areas
    .filter((a) => sizeOf(a.size) > 0 && (a.isDefault || a.startup))
    .map((a) => ({ name: `${a.readOnly ? 'ER' : 'RW'}_${a.name}`, origin: a.start, length: a.size, attributes: a.noInit ? 'UNINIT' : '', line: lines.get(a.element) ?? 0 }));
  return regions.length ? { file: projectFile, source: `µVision's Target dialog in ${path.basename(projectFile)} (µVision writes the scatter file from it when it links)`, regions } : undefined;
}

const sizeOf = (hex: string): number => {
  const n = Number(hex.trim());
  return Number.isFinite(n) ? n : 0;
};

/** The line of each `<OCR_RVCTn>` of the project's `index`th target, by n. */
function areaLines(xml: string, index: number): Map<number, number> {
  const out = new Map<number, number>();
  let target = -1;
  const lines = xml.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (/<Target>/.test(l)) target++;
    if (target < index) continue;
    if (target > index) break;
    const m = /<OCR_RVCT(\d+)>/.exec(l);
    if (m && !out.has(Number(m[1]))) out.set(Number(m[1]), i + 1);
  }
  return out;
}

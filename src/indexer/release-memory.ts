// Hands finished builds' garbage back before the next build starts: a full garbage collection once the builds
// since the last one preprocessed or parsed workPerCollection units and files (a unit carried over counts as one
// walked: its stored row read and decoded, the moved result and its row leave ~100-200 KB of garbage; uncounted, a
// header edit carrying 4 864 Meshtastic units over grew the heap by ~250 MB between collections). Without it V8 lets
// the old generation grow to its first collection limit (~100 MB of a build's dead rows, texts and parse results)
// and keeps those pages; counting work keeps 262 small builds from
// paying 262 collections. A build of few files but a large heap (one unit including a 24 MB vendor device header:
// ~900 MB, half of it dead after the write) is collected too, before the run stores skeletons and the content
// index. Large skeletons are dropped from the run's caches once a build's macros are read (releaseLargeSkeletons).
// Leaves out native memory.
import v8 from 'node:v8';
import vm from 'node:vm';
import type { FileViewCache } from '../index/unit-result-rows.js';
import type { FileSkeleton, SkeletonCache } from '../preprocessor/file-skeleton.js';
import type { HeaderWalkCache } from '../preprocessor/header-walk-cache.js';
import { forgetCanonicalDefinitions, forgetLexedBodies, type MacroDef } from '../preprocessor/macro-definition.js';
import { forgetReadNames } from '../preprocessor/tracked-env.js';
import { forgetWalkedNameIds } from './walked-name-ids.js';

/** Units walked and files parsed since the last collection past which a finished build is collected. Tests lower it. */
export const workPerCollection = { count: 100 };
/**
 * Stored results a build decodes (its reused units) that count as one unit walked: a reused 963-unit build of Marlin
 * leaves ~30 MB of decoded results, merge and unit reads live at its end, on which V8 sets the limit its next
 * collection waits for; uncounted, the next build piled its own on them (peak RSS at the 963-unit envs).
 */
export const REUSED_UNITS_PER_WORK = 8;
/** Heap in use past which a finished build is collected whatever its work. */
const HEAP_PER_COLLECTION = 256 * 1024 * 1024;

let gc: (() => void) | null | undefined;

function rawCollector(): (() => void) | null {
  if (gc === undefined) {
    const exposed = (globalThis as { gc?: () => void }).gc;
    try {
      if (exposed) gc = exposed;
      else {
        v8.setFlagsFromString('--expose-gc');
        gc = vm.runInNewContext('gc') as () => void;
      }
    } catch {
      gc = null;
    }
  }
  return gc;
}

/**
 * A full collection that also compacts the old generation's most fragmented pages: V8's own collections move at
 * most ~4 MB of objects out of pages at least ~70 % free, so across a run of many builds the caches' entries and the
 * builds' survivors end up scattered over pages mostly free (Marlin's 241 envs: ~40 MB of the old generation's ~150
 * MB committed free, after any number of full collections). Optimized for size, a collection moves up to ~6 MB out of
 * pages at least ~20 % free and gives their pages back; moving more at once (every page, --compact-on-every-full-gc)
 * needs the moved objects' room beside them (+50 MiB of peak RSS on a 39-env subset).
 */
export function collect(): void {
  const run = rawCollector();
  if (!run) return;
  if (sizeOptimized) return run();
  v8.setFlagsFromString('--optimize-for-size');
  try {
    run();
  } finally {
    v8.setFlagsFromString('--no-optimize-for-size');
  }
}

/** Whether the process runs optimized for size throughout (its flag is left as it is then). */
const sizeOptimized = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) => /^--optimi[sz]e[-_]for[-_]size$/.test(a));

/**
 * Counts a finished build's work (units walked + files parsed) and collects when enough piled up or when the heap
 * is large. After the run's last build only the content index comes: it collects only past
 * HEAP_BEFORE_CONTENT (a build of many units: LVGL's 952 left ~85 MB of its rows, texts and merge as garbage,
 * 33 MB live, on which the content index's reads and trigrams added 10-20 MB of peak RSS).
 */
export function releaseMemory(work: number, last = false): void {
  collections.work += work;
  const used = v8.getHeapStatistics().used_heap_size;
  if (used < HEAP_PER_COLLECTION && (last ? used <= heapBeforeContent.bytes : collections.work < workPerCollection.count)) return;
  collections.work = 0;
  collections.count++;
  collect();
}

/** Collections releaseMemory made (for tests), and the work counted since the last one. */
export const collections = { count: 0, work: 0 };

/** Heap in use past which the run's last build is collected before the content index (see releaseMemory). Tests change it. */
export const heapBeforeContent = { bytes: 64 << 20 };

/** Directives the run's skeleton cache keeps between stages and builds (a #define costs ~0.5 KB of heap). Tests lower it. */
export const keptSkeletons = { directives: 50_000 };

/** What a run keeps across builds that a large header's skeleton lives on in. */
export interface RunCaches {
  skeletons: SkeletonCache;
  headerCache?: HeaderWalkCache;
  /** Absent on a worker thread, which makes views but keeps none. */
  views?: FileViewCache;
}

/**
 * Once a build's macros are read, drops the largest skeletons past `keptSkeletons.directives` with what holds
 * their definitions (recorded header walks that read them, canonical definitions, their files' views) and
 * collects: a build that included a vendor device header then masks, parses and writes without its ~0.5 KB
 * per #define. A later build that includes the header loads its skeleton again (from the bytes stored for it).
 * Answers whether skeletons were dropped.
 */
export function releaseLargeSkeletons(caches: RunCaches): boolean {
  if (!dropLargeSkeletons(caches)) return false;
  collect();
  return true;
}

/**
 * Collects when the run's skeletons are past the budget (a large header was walked): its walk left as much
 * garbage as it keeps, and the macro records of the build come next.
 */
export function collectPastSkeletonBudget(skeletons: SkeletonCache): void {
  if (skeletons.directives > keptSkeletons.directives) collect();
}

/** Encoded skeletons past this size are a vendor device header's (see collectAfterLargeSkeleton). */
export const LARGE_SKELETON_BYTES = 8 << 20;

/**
 * Collects once a large skeleton was scanned and stored, before its header is walked: the scan's lines and the
 * encoded bytes (32 MB for a 24 MB device header) are garbage by then, and the walk would pile its own onto
 * them. From here on the heap's growth is held (see holdHeapGrowth).
 */
export function collectAfterLargeSkeleton(): void {
  holdHeapGrowth();
  collect();
}

/** Per skeleton cache, how many directives it had taken in at the last collectAfterLargeScans. */
const collectedAt = new WeakMap<SkeletonCache, number>();

/**
 * Collects once skeletons of more directives than the budget were taken in since the last such collection: a
 * unit just walked a large header (a 24 MB device header's scan and walk leave ~200 MB of garbage in the old
 * generation) and the valuation of its #defines comes next. Units walked after it do not collect again.
 */
export function collectAfterLargeScans(skeletons: SkeletonCache): void {
  if (skeletons.added - (collectedAt.get(skeletons) ?? 0) <= keptSkeletons.directives) return;
  collectedAt.set(skeletons, skeletons.added);
  // Before the collection: the old generation's next limit is set by it.
  holdHeapGrowth();
  collect();
}

/** Old-generation growth (percent of the live heap) once a run read a large header; V8's own is up to 300 %. */
const LARGE_RUN_HEAP_GROWTH = 20;
/**
 * The same once a build's walks passed largeHeap.bytes (many units): LVGL's 952 units keep ~130 MB live at the end of
 * their walks, so a fifth more was ~26 MB of garbage on top (peak RSS 287-307 -> 279-291 MiB alternated, at the same
 * CPU time: the walks' collections are mostly concurrent marking). At 5 % V8's least step (8 MB past what a full
 * collection kept) sets the limit of a heap of up to 160 MB live: a whole Meshtastic run's walks keep 90-140 MB live
 * (its peaks, native envs and nrf54l15dk, were at 10 %'s 9-14 MB above).
 */
const MANY_UNITS_HEAP_GROWTH = 5;
/** V8's default factor by which the young generation grows (up to 2 x 16 MB here). */
const SEMI_SPACE_GROWTH = 2;
let heapGrowthHeld = false;
/** Whether the young generation's growth is held too. */
let youngHeld = false;

/**
 * From a large header's read (see holdHeapGrowthForText), scan or walk to the end of the run, V8 lets the old
 * generation grow by LARGE_RUN_HEAP_GROWTH % of what a full collection kept before the next one, and the young
 * generation keeps the size it has: the valuation of its #defines, its macro records and its masking each leave
 * garbage of the size of the header's definitions, which V8's own factor lets pile up to several times their size
 * (24 MB header: peak RSS 449 -> 410 MiB at 50 %), and a young generation grown to its 32 MB is as much more
 * resident memory in every stage.
 */
function holdHeapGrowth(youngToo = true, percent = LARGE_RUN_HEAP_GROWTH): void {
  if (!heapGrowthHeld) {
    heapGrowthHeld = true;
    heldGrowth.percent = percent;
    v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
  }
  if (youngToo && !youngHeld) {
    youngHeld = true;
    v8.setFlagsFromString('--semi-space-growth-factor=1');
  }
}

/** Heap in use (live and dead) past which a build's walks hold the heap's growth (see holdHeapGrowthForLargeHeap). */
export const largeHeap = { bytes: 128 << 20 };

/**
 * Holds the heap's growth (see holdHeapGrowth) and collects once the heap in use passes largeHeap.bytes during a
 * build's walks: a build of many units (905 of LVGL: its results, rows and the header walks' layers) otherwise
 * grows the old generation to 2-3 times what it keeps before V8 collects (peak RSS 436-477 -> ~380 MiB).
 * Small builds never reach it and keep V8's own growth. Answers whether it held the growth now.
 */
export function holdHeapGrowthForLargeHeap(): boolean {
  if (heapGrowthHeld || v8.getHeapStatistics().used_heap_size <= largeHeap.bytes) return false;
  // Before the collection: the old generation's next limit is set by it. The young generation may grow (held
  // too, its many more scavenges cost a large build's walks more time than its 32 MB are worth).
  holdHeapGrowth(false, MANY_UNITS_HEAP_GROWTH);
  collect();
  return true;
}

/**
 * Collects when the heap in use is past largeHeap.bytes: after the run's last build let its recorded header walks go
 * (~75 MB after LVGL's 952 units), V8 would otherwise let the mask stage's garbage fill the heap up to the limit the
 * walks' last collection set, a fifth above all they held (peak RSS ~355 -> ~330 MiB there).
 */
export function collectLargeHeap(): void {
  if (v8.getHeapStatistics().used_heap_size > largeHeap.bytes) collect();
}

/** Heap in use past which a build that is not the run's last drops the recorded header walks (see dropWalksPastBudget). */
export const headerWalksBudget = { bytes: 96 << 20 };

/**
 * After a build's walks, when it is not the run's last: the recorded header walks go (and the heap is collected) once
 * the heap in use is past headerWalksBudget. They are kept for the next builds to replay, and a run of many builds in
 * many macro states (three Pico boards × 13 images: 351 MiB by the 39th build) would otherwise hold every state's
 * walks to the end. The builds after it walk their headers again. Answers whether they went. A worker thread passes
 * its own budget (see worker-release.ts).
 */
export function dropWalksPastBudget(cache: { clear(): void }, budget = headerWalksBudget.bytes): boolean {
  if (v8.getHeapStatistics().used_heap_size <= budget) return false;
  cache.clear();
  collect();
  return true;
}

/** Texts past this many characters are a vendor device header's (see holdHeapGrowthForText). */
export const LARGE_TEXT_CHARS = 8 << 20;

/**
 * Holds the heap's growth (see holdHeapGrowth) once a file past LARGE_TEXT_CHARS was read to be scanned: before
 * the scan, the young generation has not grown yet.
 */
export function holdHeapGrowthForText(text: string): void {
  if (text.length > LARGE_TEXT_CHARS) holdHeapGrowth();
}

/** The growth held (percent of the live heap; see holdHeapGrowth), 0 when none is. */
export const heldGrowth = { percent: 0 };

/** Whether the heap's growth is held (see holdHeapGrowth). */
export function heapGrowthIsHeld(): boolean {
  return heapGrowthHeld;
}

/** Whether the young generation's growth is held (see holdHeapGrowth). */
export function youngGrowthIsHeld(): boolean {
  return youngHeld;
}

/** V8's own heap growth again (at the end of a run). */
export function releaseHeapGrowth(): void {
  if (!heapGrowthHeld) return;
  heapGrowthHeld = false;
  heldGrowth.percent = 0;
  youngHeld = false;
  v8.setFlagsFromString('--heap-growing-percent=0');
  v8.setFlagsFromString(`--semi-space-growth-factor=${SEMI_SPACE_GROWTH}`);
}

/**
 * Collects when the build that began with the skeleton cache at `added` directives took in more than the budget
 * since (it read a large header): its masking and its parse each leave garbage of the size of that file (masked
 * text, macro tables of its #defines, parse results), which the next stage would pile onto.
 */
export function collectAfterLargeStage(skeletons: SkeletonCache, added: number): void {
  if (skeletons.added - added > keptSkeletons.directives) collect();
}

/**
 * Once a build's walks are over, lets go of what holds the definitions of the skeletons releaseLargeSkeletons is
 * to drop (see forgetSkeletons), keeping the skeletons, and answers them: a device header's macro records are then
 * made from its skeleton without the header walks, canonical definitions and views that read it.
 */
export function forgetLargeSkeletons(caches: RunCaches): FileSkeleton[] {
  const skeletons = caches.skeletons.largest(keptSkeletons.directives);
  forgetSkeletons(skeletons, caches);
  return skeletons;
}

/** True when skeletons were dropped (the collection comes after, when nothing on the stack holds them). */
function dropLargeSkeletons(caches: RunCaches): boolean {
  return forgetSkeletons(caches.skeletons.trim(keptSkeletons.directives), caches);
}

/** Lets go of what a run keeps that holds these skeletons' definitions; false when there are none. */
function forgetSkeletons(skeletons: FileSkeleton[], caches: RunCaches): boolean {
  if (skeletons.length === 0) return false;
  caches.headerCache?.forget(new Set(skeletons));
  for (const sk of skeletons) forgetCanonicalDefinitions(definitionsOf(sk));
  forgetLexedBodies();
  forgetReadNames();
  forgetWalkedNameIds();
  caches.views?.dropLarge(keptSkeletons.directives / 10);
  return true;
}

function* definitionsOf(sk: FileSkeleton): Generator<MacroDef> {
  for (const d of sk.directives) if (d.macro) yield d.macro;
}

// Caps V8's young generation for an index run at youngCap (two 8 MB semi-spaces) instead of the 32 MB it grows to
// in any run of some size, and never shrinks from: a run's walks keep it full, so its pages are resident to the end.
// Leaves out the old generation (see release-memory.ts); a process whose young generation is past the cap keeps it,
// grown no further.
import v8 from 'node:v8';
import { youngGrowthIsHeld } from './release-memory.js';

/**
 * The young generation's size (both semi-spaces) past which a run lets it grow no more. Marlin's 963-unit envs: peak
 * RSS 276 -> 248 MiB at 16 MB (the 32 MB of V8's own limit were ~60 MB resident with the promotions they delay).
 */
export const youngCap = { bytes: 16 << 20 };

/** V8's own factor by which the young generation grows. */
const GROWTH = 2;
/** Whether a run caps the young generation, lets it grow now, and has reached the cap (checked no more then); when it last looked (ms). */
const young = { capped: false, growing: false, reached: false, lookedAt: -Infinity };

/**
 * Least time between two looks at the young generation's size (ms). A look costs ~5 µs (V8 lists every space), and a
 * walk asks for ~5 000 skeletons in a 108-unit build (~25 ms of its CPU); V8 grows the young generation only at a
 * scavenge, and two scavenges (the second growing a semi-space of the cap's half) need ~24 MB allocated in between:
 * not within a millisecond. A pause of the thread only makes the next look come after less allocation.
 */
const LOOK_EVERY_MS = 1;

/** Times a run set the young generation's growth (held or let grow), for tests. */
export const youngGrowthChanges = { count: 0 };

/** Whether a run caps the young generation now, and lets it grow (for tests). */
export function youngCapState(): { capped: boolean; growing: boolean } {
  return { capped: young.capped, growing: young.growing };
}

/** Looks at the young generation's size a run made (see checkYoungGeneration), for tests. */
export const youngLooks = { count: 0 };

function newSpaceBytes(): number {
  youngLooks.count++;
  return v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;
}

function setGrowth(grow: boolean): void {
  young.growing = grow;
  youngGrowthChanges.count++;
  v8.setFlagsFromString(`--semi-space-growth-factor=${grow ? GROWTH : 1}`);
}

/**
 * At a run's start, before detection grows it: the young generation keeps its size until the walks let it grow
 * (see checkYoungGeneration). V8 never gives the young generation back, so the cap is set before it grows; one
 * already at or past the cap (the ES-module command line, `main.js`, grows it to 16 MB loading its modules) is held
 * where it is, not left to grow to V8's 32 MB (19 nRF52 envs run from `main.js`: peak RSS 280-282 -> 253-256 MiB).
 */
export function capYoungGeneration(): void {
  if (young.capped || youngGrowthIsHeld()) return;
  young.capped = true;
  young.reached = newSpaceBytes() >= youngCap.bytes;
  young.lookedAt = -Infinity;
  setGrowth(false);
}

/**
 * Called each time a walk asks for a skeleton (walks allocate the most, and the first ones scan and keep the
 * skeletons): lets the young generation grow while it is under youngCap and holds it there for the rest of the run.
 * Looked at on asks at least LOOK_EVERY_MS apart until then: between two looks V8 may grow it once, never twice
 * (scanning the headers of the first walks, it grew from 2 to 32 MB within 16 asks looked at 16 asks apart). A large header's held growth (see holdHeapGrowth) holds it
 * whatever its size.
 */
export function checkYoungGeneration(): void {
  if (!young.capped || young.reached || youngGrowthIsHeld()) return;
  const now = performance.now();
  if (now - young.lookedAt < LOOK_EVERY_MS) return;
  young.lookedAt = now;
  young.reached = newSpaceBytes() >= youngCap.bytes;
  const grow = !young.reached;
  if (grow !== young.growing) setGrowth(grow);
}

/** After a build's walks and macro records: the stages after them (masking, parsing) ask for no skeleton, so the young generation is held. */
export function holdYoungGeneration(): void {
  if (young.capped && young.growing && !youngGrowthIsHeld()) setGrowth(false);
}

/** V8's own young generation growth again (at the end of a run). */
export function releaseYoungCap(): void {
  if (!young.capped) return;
  young.capped = false;
  young.reached = false;
  if (!youngGrowthIsHeld()) setGrowth(true);
  young.growing = false;
}

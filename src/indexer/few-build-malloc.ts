// glibc's malloc thresholds raised for an index run of few builds, so that V8's compiler zones freed into the helper
// threads' arenas stop trimming them and faulting the pages back; runs of many builds keep glibc's first thresholds.
import { sha1Hasher } from '../model/sha1.js';

/** Builds a run may index for it to raise the thresholds. */
export const FEW_BUILDS = 8;

/**
 * The mmap threshold a run of few builds sets: freeing a malloc'd block past the threshold (and under 32 MiB) sets it
 * to that block's size and the trim threshold to twice it, for the rest of the process. Before 178a174 the bin's read
 * of its 2 MB bundle set ~2.45 MB. The bench's 5 builds (strace -k): each arena trim was a TurboFan job's zone
 * (~0.4-0.9 MB) freed by the main thread; with glibc's first 128 KiB, 129 MB went back by MADV_DONTNEED against 69,
 * and page faults rose 24.7 k -> 44.7 k at twice V8's interrupt budget (an idle machine), 23.5 k -> 33.5 k at four
 * times. Here: 24.7 k and 22.9 k, peak RSS +5-9 MiB (1 MiB: 30.8 k and 24.3 k, +3-4 MiB).
 */
export const FEW_BUILD_MMAP_BYTES = 2.5 * (1 << 20);

/** Whether this process indexes and exits (allowFewBuildMalloc), and whether it raised the thresholds. */
const state = { allowed: false, raised: false };

/** For tests: whether the run raised the thresholds. */
export function fewBuildMallocRaised(): boolean {
  return state.raised;
}

/** A process that indexes and exits (`fw-context index`) may raise them; a long-lived one (serve) does not. */
export function allowFewBuildMalloc(allowed = true): void {
  state.allowed = allowed;
  if (!allowed) state.raised = false;
}

/**
 * Raises glibc's thresholds once, when the run indexes at most FEW_BUILDS builds: Node encodes a string it hashes
 * into a malloc'd block of three bytes a character and frees it at once, so a string of a third of the threshold's
 * characters sets it (strace: 349 526 characters, a 1 052 672-byte block mapped and unmapped; a 900 KB block after it
 * is not mapped).
 */
export function fewBuildMalloc(builds: number): void {
  if (!state.allowed || state.raised || builds > FEW_BUILDS) return;
  state.raised = true;
  sha1Hasher()
    .update('\0'.repeat(Math.ceil(FEW_BUILD_MMAP_BYTES / 3)))
    .digest();
}

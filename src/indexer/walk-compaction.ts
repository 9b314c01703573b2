// Compacts the heap during a build's walks once a large old generation holds much room it does not use: the walks'
// survivors leave holes V8's own collections seldom move objects out of (Marlin's 963-unit envs: 25-29 MB of ~160).
import v8 from 'node:v8';
import { collect } from './release-memory.js';

/**
 * Old-generation room (committed, not in use) past which a walk compacts, once the old generation is past
 * `committed`. After a compaction the next one waits for the room to grow by half `bytes` over what it left (a
 * compaction that leaves much room is not made again at the next walk).
 */
export const walkRoom = { bytes: 24 << 20, committed: 96 << 20 };

/** The room a compaction waits for (set past what the last one left), and the compactions made (for tests). */
const armed = { at: 0 };
export const walkCompactions = { count: 0 };

/** An old generation's size as V8 lists it. */
export interface OldSpace {
  committed: number;
  used: number;
}

function oldSpace(): OldSpace {
  const s = v8.getHeapSpaceStatistics().find((x) => x.space_name === 'old_space');
  return { committed: s?.physical_space_size ?? 0, used: s?.space_used_size ?? 0 };
}

/** Whether an old generation of this size is to be compacted now (past its size and the room armed). */
export function roomToCompact(old: OldSpace): boolean {
  return old.committed > walkRoom.committed && old.committed - old.used > Math.max(walkRoom.bytes, armed.at);
}

/**
 * After a unit's walk: compacts the heap when the old generation's room is past the bound (see roomToCompact), then
 * arms the next compaction past the room this one left. Answers whether it compacted.
 */
export function compactRoomyHeap(look: () => OldSpace = oldSpace): boolean {
  if (!roomToCompact(look())) return false;
  collect();
  walkCompactions.count++;
  const after = look();
  armed.at = after.committed - after.used + walkRoom.bytes / 2;
  return true;
}

/** Forgets the armed room (a new run, or a test). */
export function resetWalkCompaction(): void {
  armed.at = 0;
}

// A build's walks compact the heap when the old generation holds much room it does not use (past its bound, once the
// old generation is large), then wait for that room to grow again over what the compaction left.
import { afterEach, describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { compactRoomyHeap, resetWalkCompaction, roomToCompact, walkCompactions, walkRoom } from '../../src/indexer/walk-compaction.js';
import { copyFixtureToTemp } from '../helpers/fixture-project.js';

const MB = 1 << 20;
const BOUNDS = { ...walkRoom };

describe('compacting the heap during the walks', () => {
  afterEach(() => {
    Object.assign(walkRoom, BOUNDS);
    resetWalkCompaction();
  });

  it('waits for a large old generation with room past the bound', () => {
    Object.assign(walkRoom, { bytes: 24 * MB, committed: 96 * MB });
    expect(roomToCompact({ committed: 90 * MB, used: 40 * MB })).toBe(false);
    expect(roomToCompact({ committed: 160 * MB, used: 140 * MB })).toBe(false);
    expect(roomToCompact({ committed: 160 * MB, used: 130 * MB })).toBe(true);
  });

  it('compacts once past the bound, then not again until the room grows past what it left', () => {
    Object.assign(walkRoom, { bytes: 24 * MB, committed: 96 * MB });
    const before = walkCompactions.count;
    // The room each look finds, in turn: past the bound, then what the compaction left (20 MB: the next waits for 32).
    const rooms = [30, 20, 30, 33, 10].map((n) => n * MB);
    const look = () => ({ committed: 160 * MB, used: 160 * MB - rooms.shift()! });
    expect(compactRoomyHeap(look)).toBe(true);
    expect(walkCompactions.count).toBe(before + 1);
    expect(compactRoomyHeap(look)).toBe(false);
    expect(compactRoomyHeap(look)).toBe(true);
    expect(walkCompactions.count).toBe(before + 2);
  });

  it("is asked after each unit's walk of a build", async () => {
    Object.assign(walkRoom, { bytes: 0, committed: 0 });
    const before = walkCompactions.count;
    await indexProject({ root: copyFixtureToTemp('index', 'drivers-hal-cmake'), workers: 0 });
    expect(walkCompactions.count).toBeGreaterThan(before);
  });
});

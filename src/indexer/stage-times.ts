// Time one build spent per indexing stage (ms), as its summary reports it: the full path and the patched path
// fill the same keys (the full path stores parses as they come, in `parse`; the patched path in `write`). The
// record (linker scripts, map, Kconfig) is read outside them: in elapsedMs only.
export type StageName = 'preprocess' | 'merge' | 'macros' | 'mask' | 'parse' | 'write';
export type StageMs = Record<StageName, number>;

export function noStageTime(): StageMs {
  return { preprocess: 0, merge: 0, macros: 0, mask: 0, parse: 0, write: 0 };
}

/** A stopwatch started now: each call adds the time since the previous one (or the start) to the stage it names. */
export function stageLaps(stage: StageMs): (name: StageName) => void {
  let t = performance.now();
  return (name) => {
    const now = performance.now();
    stage[name] += now - t;
    t = now;
  };
}

/** Of a build's stage times, what the run reports as preprocessing (walks, merge, macro records) and as parsing. */
export function runTimes(stage: StageMs): { preprocessMs: number; parseMs: number } {
  return { preprocessMs: stage.preprocess + stage.merge + stage.macros, parseMs: stage.parse };
}

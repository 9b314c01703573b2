// The run's build count, by which caches that keep what the last build using them read (WeighedCache's `byBuild`) age:
// the indexer advances it at each build's start; a process that never does (a worker, the MCP server) never ages them.
export const buildGeneration = { value: 0 };

/** A new build starts: at its first use of such a cache, what the last build that used it did not read goes. */
export function nextBuildGeneration(): void {
  buildGeneration.value++;
}

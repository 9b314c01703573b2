// One turn of the event loop inside a long stretch of synchronous work: finished worker threads get their next task,
// and the finalizers Node runs from an immediate run (they free the native memory of dropped tree-sitter trees).
export const loopTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

// Polling for tests of background work (refreshes, fills): wait until a probe answers, or fail at a deadline.

/** Poll `probe` every `everyMs` until it returns a value other than null; throws after `deadlineMs` (default 20 s). */
export async function until<T>(probe: () => Promise<T | null> | T | null, everyMs = 100, deadlineMs = 20_000): Promise<T> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const v = await probe();
    if (v !== null) return v;
    if (Date.now() > end) throw new Error('not reached before the deadline');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

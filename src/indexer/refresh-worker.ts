// Child process of `fw-context serve`: re-indexes the named builds of one project off the server's request
// path and reports over IPC. Exits 0 when done, 3 when another run holds the writer lock, 1 on failure;
// it stops at once when the server that started it goes away.
import { IndexBusyError } from './index-lock.js';
import { indexProject } from './index-project.js';
import { EXIT_BUSY, type RefreshJob, type RefreshMessage } from './refresh-runner.js';

const send = (m: RefreshMessage) => new Promise<void>((resolve) => (process.send ? process.send(m, () => resolve()) : resolve()));

async function run(job: RefreshJob): Promise<number> {
  if (job.holdMs) {
    await send({ type: 'progress', message: `waiting ${job.holdMs} ms before indexing` });
    await new Promise((r) => setTimeout(r, job.holdMs));
  }
  let parsed = 0;
  let reused = 0;
  const errors: string[] = [];
  const started = performance.now();
  for (const [i, b] of job.builds.entries()) {
    const label = `refresh ${i + 1}/${job.builds.length} ${b.variant}/${b.image}`;
    const result = await indexProject({ root: job.root, variant: b.variant, image: b.image, onProgress: (message) => void send({ type: 'progress', message: `${label}: ${message}` }) });
    parsed += result.parsed;
    reused += result.reused;
    errors.push(...result.builds.flatMap((s) => (s.error ? [`${s.variant}/${s.image}: ${s.error}`] : [])));
  }
  await send({ type: 'done', parsed, reused, elapsedMs: performance.now() - started, errors });
  return errors.length ? 1 : 0;
}

function main(): void {
  process.on('disconnect', () => process.exit(2));
  const job = JSON.parse(process.argv[2] ?? '{}') as RefreshJob;
  run(job).then(
    (code) => process.exit(code),
    async (err) => {
      const busy = err instanceof IndexBusyError;
      await send({ type: busy ? 'busy' : 'error', message: (err as Error).message });
      process.exit(busy ? EXIT_BUSY : 1);
    },
  );
}

main();

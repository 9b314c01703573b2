// Command-line entry for the differential check: `node differential-check-main.js <compile_commands.json>`.
// Prints the report; exits 1 on any disagreement, 2 on bad usage. Leaves flag parsing to the CLI proper.
import { formatDifferentialReport, runDifferentialCheck } from './differential-check.js';

function main(argv: string[]): number {
  const db = argv[2];
  if (!db) {
    process.stderr.write('usage: differential-check-main <compile_commands.json>\n');
    return 2;
  }
  const report = runDifferentialCheck(db);
  process.stdout.write(formatDifferentialReport(report, { relativeTo: process.cwd() }) + '\n');
  return report.disagreements.length ? 1 : 0;
}

process.exitCode = main(process.argv);

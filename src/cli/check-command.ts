// `fw-context check`: exit 0 when the index matches every build, 1 when it does not, 2 when it cannot
// tell. Prints one line per problem (text), the whole result (--json) or GitHub workflow annotations.
import { checkIndex, type CheckResult } from '../query/index-check.js';
import { withProject } from '../query/project-context.js';
import type { CommandOutput, CommonOptions } from './commands.js';

export type CheckFormat = 'text' | 'json' | 'github';

export const CHECK_FORMATS: readonly CheckFormat[] = ['text', 'json', 'github'];

export interface CheckOptions extends CommonOptions {
  format?: CheckFormat;
}

const plainFix = (fix: string) => fix.replace(/`/g, '');

function textReport(r: CheckResult): string {
  if (r.status === 'unknown') return `fw-context check: cannot tell — ${r.message}`;
  const lines: string[] = [];
  for (const b of r.builds) {
    for (const p of b.reasons) lines.push(`${b.variant}/${b.image}: ${p.file}${p.line ? `:${p.line}` : ''}: ${p.message} (fix: ${plainFix(p.fix)})`);
  }
  for (const i of r.info) lines.push(`info: ${i.variant}/${i.image}: ${i.file}: ${i.message}${i.fix ? ` (then: ${plainFix(i.fix)})` : ''}`);
  if (r.index_run) lines.push(`note: an index run (pid ${r.index_run.pid}) is under way; this describes the last finished run.`);
  const ok = r.builds.filter((b) => b.status === 'ok').map((b) => `${b.variant}/${b.image}`);
  lines.push(`${r.status === 'ok' ? 'ok' : 'FAILED'}: ${r.message}${r.status !== 'ok' && ok.length ? ` Up to date: ${ok.join(', ')}.` : ''}`);
  return lines.join('\n');
}

/** GitHub workflow-command escaping: data escapes %, CR, LF; properties also : and ,. */
const escData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escProp = (s: string) => escData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

function githubReport(r: CheckResult): string {
  if (r.status === 'unknown') return `::error title=fw-context check::${escData(r.message)}`;
  const lines: string[] = [];
  for (const b of r.builds) {
    for (const p of b.reasons) {
      lines.push(`::error file=${escProp(p.file)},line=${p.line ?? 1},title=${escProp(`fw-context: ${b.variant}/${b.image}`)}::${escData(`${p.message} (build ${b.variant}/${b.image}); fix: ${plainFix(p.fix)}`)}`);
    }
  }
  for (const i of r.info) lines.push(`::notice file=${escProp(i.file)},line=1,title=${escProp('fw-context: not compiled')}::${escData(i.message + (i.fix ? `; then ${plainFix(i.fix)}` : ''))}`);
  lines.push(`${r.status === 'ok' ? 'ok' : 'FAILED'}: ${r.message}`);
  return lines.join('\n');
}

export function runCheck(opts: CheckOptions): CommandOutput {
  const format: CheckFormat = opts.json ? 'json' : opts.format ?? 'text';
  let r: CheckResult;
  try {
    r = withProject(opts.cwd, (ctx) => checkIndex(ctx, opts));
  } catch (err) {
    // Whatever stops the check (an unreadable build file, a damaged index) means it cannot tell: exit 2, not 1.
    r = { project_root: opts.cwd, status: 'unknown', exit_code: 2, message: `${(err as Error).message}: run \`fw-context index\` to see the full error`, builds: [], info: [], index_run: null };
  }
  const text = format === 'json' ? JSON.stringify(r, null, 2) : format === 'github' ? githubReport(r) : textReport(r);
  return { text, exitCode: r.exit_code };
}

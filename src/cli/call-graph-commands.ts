// Call-graph CLI commands (callers, callees, call-path, callers-tree, callees-tree, hotspots, dead-code,
// indirect-calls, indirect-targets, vectors, check-callgraph): each calls its query and prints rows as `file:line:col  text`.
import path from 'node:path';
import { findCallPath } from '../query/call-graph/call-path.js';
import { findCallees, findCallers, findIndirectCallSites } from '../query/call-graph/call-sites.js';
import { findCallTree } from '../query/call-graph/call-tree.js';
import { findDeadCode } from '../query/call-graph/dead-code.js';
import { findHotspots } from '../query/call-graph/hotspots.js';
import { findIndirectTargets } from '../query/call-graph/indirect-targets.js';
import { getVectorTable } from '../query/call-graph/vector-table.js';
import { withProject, type ProjectContext } from '../query/project-context.js';
import { QueryError } from '../query/query-error.js';
import type { CommandOutput, CommonOptions } from './commands.js';

export interface CallGraphOptions extends CommonOptions {
  /** Positional arguments after the command. */
  args: string[];
  limit?: number;
  offset?: number;
  depth?: number;
  file?: string;
  line?: number;
  projectOnly?: boolean;
}

type Row = Record<string, any>;

const at = (r: Row) => `${r.file}:${r.line}${r.column ? `:${r.column}` : ''}`;
const how = (r: Row) => `${r.ref_kind}${r.via_macro ? ` via ${r.via_macro}` : ''}${r.via_slot ? ` [${r.via_slot}]` : ''}${r.expr ? ` ${r.expr}` : ''}`;

const COMMANDS: Record<string, { usage: string; args: number; run: (ctx: ProjectContext, o: CallGraphOptions) => unknown; line: (r: Row) => string }> = {
  callers: { usage: 'callers NAME', args: 1, run: (ctx, o) => findCallers(ctx, { ...o, name: o.args[0] }), line: (r) => `${at(r)}  ${r.caller ?? '(file scope)'}  ${how(r)}` },
  callees: { usage: 'callees NAME', args: 1, run: (ctx, o) => findCallees(ctx, { ...o, name: o.args[0] }), line: (r) => `${at(r)}  ${r.callee}  ${how(r)}` },
  'call-path': {
    usage: 'call-path FROM TO [--depth N]',
    args: 2,
    run: (ctx, o) => findCallPath(ctx, { ...o, from: o.args[0], to: o.args[1], maxDepth: o.depth }),
    line: (r) => r.steps.map((s: Row) => `${s.caller} → ${s.callee}  (${at(s)} ${how(s)})`).join('\n  '),
  },
  'callers-tree': { usage: 'callers-tree NAME [--depth N]', args: 1, run: (ctx, o) => findCallTree(ctx, { ...o, name: o.args[0] }, 'callers'), line: (r) => `${'  '.repeat(r.depth - 1)}${r.caller} → ${r.callee}  ${at(r)} ${how(r)}` },
  'callees-tree': { usage: 'callees-tree NAME [--depth N]', args: 1, run: (ctx, o) => findCallTree(ctx, { ...o, name: o.args[0] }, 'callees'), line: (r) => `${'  '.repeat(r.depth - 1)}${r.caller} → ${r.callee}  ${at(r)} ${how(r)}` },
  hotspots: { usage: 'hotspots', args: 0, run: (ctx, o) => findHotspots(ctx, o), line: (r) => `${String(r.calls).padStart(6)} calls  ${String(r.callers).padStart(5)} callers  ${r.name}  ${r.line ? at(r) : r.file}` },
  'dead-code': { usage: 'dead-code', args: 0, run: (ctx, o) => findDeadCode(ctx, o), line: (r) => `${at(r)}  ${r.status.padEnd(13)} ${r.name}  — ${r.reason}` },
  'indirect-calls': { usage: 'indirect-calls [NAME]', args: 0, run: (ctx, o) => findIndirectCallSites(ctx, { ...o, name: o.args[0] ?? '*' }), line: (r) => `${at(r)}  ${r.caller ?? '(file scope)'}  ${r.expr}  [${r.via_slot ?? '?'}]` },
  'indirect-targets': {
    usage: 'indirect-targets NAME [--file F --line N]',
    args: 1,
    run: (ctx, o) => findIndirectTargets(ctx, { ...o, name: o.args[0] }),
    line: (r) => (r.target ? `${at(r)}  ${r.target}  (${r.match}, ${r.slot})  ${r.stored_by ?? ''}` : `${r.slot}: unresolved — ${r.unresolved}`),
  },
  vectors: {
    usage: 'vectors',
    args: 0,
    run: (ctx, o) => getVectorTable(ctx, o),
    line: (r) => `${String(r.slot ?? '?').padStart(4)}  ${String(r.name).padEnd(22)} ${String(r.handler ?? '-').padEnd(26)} ${r.status}${r.default_handler ? ` → ${r.default_handler}` : ''}  ${at(r)}`,
  },
};

export const CALL_GRAPH_COMMANDS = Object.keys(COMMANDS);

/** Text of a call-graph answer: notes and page notice as prose, rows one per line. */
function formatRows(items: Row[], line: (r: Row) => string): string {
  return items
    .map((it) => {
      if ('warning' in it) return `warning: ${it.warning}`;
      if ('shown' in it && 'total' in it) return `${it.shown} of ${it.total} result(s) from build ${it.variant}/${it.image}${it.more ? ` — next page: --offset ${it.next_offset}` : ''}`;
      if ('note' in it) return `note: ${it.note}`;
      if ('from' in it && 'found' in it) return `${it.found} chain(s) from ${it.from} to ${it.to}${it.cut ? ` — search cut: ${it.cut_reason}` : ''}${it.reason ? ` — ${it.reason}` : ''}`;
      return line(it);
    })
    .join('\n');
}

export function runCallGraph(command: string, opts: CallGraphOptions): CommandOutput {
  const c = COMMANDS[command];
  if (!c) throw new QueryError(`unknown call-graph command "${command}"`, `one of: ${CALL_GRAPH_COMMANDS.join(', ')}`);
  if (opts.args.length < c.args) throw new QueryError(`${command} needs ${c.usage.split(' ').slice(1, c.args + 1).join(' ')}`, `fw-context ${c.usage}`);
  const r = withProject(opts.cwd, (ctx) => c.run(ctx, opts)) as Row[];
  return { text: opts.json ? JSON.stringify(r, null, 2) : formatRows(r, c.line), exitCode: 0 };
}

/** check-callgraph: GCC's call graph of each unit against the index; exit 1 on a miss, 3 when nothing could be compared. */
export async function runCheckCallGraph(opts: CommonOptions & { compileCommands?: string }): Promise<CommandOutput> {
  // It reads compile databases (an adapter module): loaded for this command only, not for every call-graph query.
  const { checkCallGraph, formatCallGraphCheck } = await import('../query/call-graph/compiler-call-graph.js');
  const r = withProject(opts.cwd, (ctx) => checkCallGraph(ctx, { ...opts, compileCommands: opts.compileCommands ? path.resolve(opts.cwd, opts.compileCommands) : undefined }));
  const checked = r.units.some((u) => u.status === 'checked');
  return { text: opts.json ? JSON.stringify(r, null, 2) : formatCallGraphCheck(r), exitCode: r.missing.length ? 1 : checked ? 0 : 3 };
}

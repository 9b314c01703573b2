// The read-only query commands, as functions tests can call: they take resolved options and return the value
// to print (text or JSON); main.ts only parses flags and prints. Commands that detect builds or index live in
// project-commands.ts, so that these load no adapter, preprocessor or parser; each loads only its own query.
import { withProject } from '../query/project-context.js';
import { out, type CommandOutput, type CommonOptions } from './command-kit.js';
import { formatPagedAnswer, formatSource, formatSymbolDump } from './format-text.js';

export type { CommandOutput, CommonOptions } from './command-kit.js';

export async function runSearch(opts: CommonOptions & { query: string; kind?: string; limit?: number; offset?: number; projectOnly?: boolean }): Promise<CommandOutput> {
  const { searchCode } = await import('../query/search-code.js');
  const r = withProject(opts.cwd, (ctx) => searchCode(ctx, opts));
  const noMatch = !r.some((x) => 'shown' in x || 'hint' in x);
  return out(opts.json, r, () => [formatPagedAnswer(r as Record<string, unknown>[]), noMatch ? 'No symbol matches.' : ''].filter(Boolean).join('\n'));
}

export async function runLookup(opts: CommonOptions & { name: string; kind?: string; prefix?: boolean; limit?: number; offset?: number; projectOnly?: boolean }): Promise<CommandOutput> {
  const { lookupSymbol } = await import('../query/lookup-symbol.js');
  const r = withProject(opts.cwd, (ctx) => lookupSymbol(ctx, opts));
  return out(opts.json, r, () => formatPagedAnswer(r as Record<string, unknown>[]));
}

export async function runSource(opts: CommonOptions & { name: string; file?: string; line?: number }): Promise<CommandOutput> {
  const { getSource } = await import('../query/get-source.js');
  const r = withProject(opts.cwd, (ctx) => getSource(ctx, opts));
  return out(opts.json, r, () => formatSource(r as unknown as Record<string, unknown>));
}

export async function runRefs(opts: CommonOptions & { name: string; limit?: number; offset?: number; projectOnly?: boolean }): Promise<CommandOutput> {
  const { findReferences } = await import('../query/find-references.js');
  const r = withProject(opts.cwd, (ctx) => findReferences(ctx, opts));
  return out(opts.json, r, () =>
    (r as Record<string, any>[])
      .map((it) => {
        if ('warning' in it) return `warning: ${it.warning}`;
        if ('shown' in it) return `${it.shown} of ${it.total} use(s) in build ${it.variant}/${it.image}${it.more ? ` — next page: --offset ${it.next_offset}` : ''}`;
        return `${it.file}:${it.line}:${it.column}  ${String(it.kind).padEnd(10)} ${it.in_symbol ? `in ${it.in_symbol}` : '(file scope)'}`;
      })
      .join('\n'),
  );
}

export async function runSymbols(opts: CommonOptions & { kind?: string; file?: string }): Promise<CommandOutput> {
  const { listSymbols } = await import('../query/list-symbols.js');
  const r = withProject(opts.cwd, (ctx) => listSymbols(ctx, opts));
  return out(opts.json, r.symbols, () => formatSymbolDump(r.symbols));
}

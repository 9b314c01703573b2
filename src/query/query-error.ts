// The error a query answers with when it cannot answer: a message and a recovery hint. MCP turns it into
// an `isError` result, the CLI into a message on stderr and exit code 1. A message or hint that names what
// the user passes or calls is written against a Surface, so each surface renders it in its own words
// (MCP: argument and tool names; CLI: flags and commands) in one place: QueryError.render.
import { shareIdentity } from '../model/shared-identity.js';

/** How a surface spells the arguments a user passes and the tools a user calls. */
export interface Surface {
  kind: 'mcp' | 'cli';
  /** An argument, optionally with a value: `variant`, `kind="function"` / `--variant`, `--kind function`. */
  arg(name: string, value?: string | number | boolean): string;
  /** Another tool: `lookup_symbol` / `fw-context lookup`. */
  tool(name: string): string;
}

/** Text as it is, or written against a surface. */
export type Wording = string | ((say: Surface) => string);

/** MCP spells things as the tool schemas name them. */
export const MCP_SURFACE: Surface = {
  kind: 'mcp',
  arg: (name, value) => (value === undefined ? name : `${name}=${JSON.stringify(value)}`),
  tool: (name) => name,
};

export function renderWording(text: Wording, surface: Surface): string {
  return typeof text === 'string' ? text : text(surface);
}

/** `instanceof QueryError` knows the QueryErrors of every copy of this module (the command bundles hold their own). */
export class QueryError extends Error {
  static {
    shareIdentity(this, 'fw-context.QueryError');
  }

  constructor(
    private readonly wording: Wording,
    private readonly hintWording: Wording,
    readonly details: Record<string, unknown> = {},
  ) {
    super(renderWording(wording, MCP_SURFACE));
  }

  /** The hint in MCP words (render() for another surface). */
  get hint(): string {
    return renderWording(this.hintWording, MCP_SURFACE);
  }

  /** {error, hint, ...details} in the words of `surface`. */
  render(surface: Surface = MCP_SURFACE): { error: string; hint: string } & Record<string, unknown> {
    return { error: renderWording(this.wording, surface), hint: renderWording(this.hintWording, surface), ...this.details };
  }

  toJSON(): Record<string, unknown> {
    return this.render(MCP_SURFACE);
  }
}

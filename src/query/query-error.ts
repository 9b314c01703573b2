// The error a query answers with when it cannot answer: a message and a recovery hint. MCP turns it into
// an `isError` result, the CLI into a message on stderr and exit code 1.

export class QueryError extends Error {
  constructor(
    message: string,
    readonly hint: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }

  toJSON(): Record<string, unknown> {
    return { error: this.message, hint: this.hint, ...this.details };
  }
}

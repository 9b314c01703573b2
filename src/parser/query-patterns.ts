// Reads the capture tables in queries/*.scm — the subset of tree-sitter query syntax they use: node
// types, `field: (child)` and `field: "token"` constraints, unnamed child patterns `(parent (child))` and
// `@capture` names. Predicates, alternations, quantifiers, wildcards and anchors are refused at load,
// naming the line, so a table never silently means less. Where several children satisfy a constraint,
// each is captured (tree-sitter reports one match per child).

export interface QueryPattern {
  /** Node type, or the text of an anonymous token ("." or "&"). */
  type: string;
  /** Children that must exist: under a field, or (field null) anywhere among the children. */
  fields: { field: string | null; pattern: QueryPattern }[];
  captures: string[];
}

/** Patterns grouped by the node type they start at. */
export type PatternTable = Map<string, QueryPattern[]>;

class ScmReader {
  private pos = 0;
  constructor(private readonly src: string, private readonly file: string) {}

  private fail(what: string): never {
    const line = this.src.slice(0, this.pos).split('\n').length;
    throw new Error(`${this.file}:${line}: ${what} (the capture tables accept (type field: (child)) @capture only)`);
  }

  private skipSpace(): void {
    for (;;) {
      while (this.pos < this.src.length && /\s/.test(this.src[this.pos])) this.pos++;
      if (this.src[this.pos] !== ';') return;
      while (this.pos < this.src.length && this.src[this.pos] !== '\n') this.pos++;
    }
  }

  private word(re: RegExp): string {
    const m = re.exec(this.src.slice(this.pos, this.pos + 200));
    if (!m) this.fail(`unexpected ${JSON.stringify(this.src.slice(this.pos, this.pos + 12))}`);
    this.pos += m[0].length;
    return m[0];
  }

  atEnd(): boolean {
    this.skipSpace();
    return this.pos >= this.src.length;
  }

  pattern(): QueryPattern {
    this.skipSpace();
    if (this.src[this.pos] === '"') {
      const token = this.word(/^"(?:[^"\\]|\\.)*"/);
      return { type: JSON.parse(token) as string, fields: [], captures: this.captures() };
    }
    if (this.src[this.pos] !== '(') this.fail('expected "("');
    this.pos++;
    this.skipSpace();
    const type = this.word(/^[A-Za-z_][A-Za-z0-9_]*/);
    const fields: QueryPattern['fields'] = [];
    for (;;) {
      this.skipSpace();
      if (this.src[this.pos] === ')') break;
      const field = this.src[this.pos] === '(' || this.src[this.pos] === '"' ? null : this.word(/^[A-Za-z_][A-Za-z0-9_]*:/).slice(0, -1);
      fields.push({ field, pattern: this.pattern() });
    }
    this.pos++;
    return { type, fields, captures: this.captures() };
  }

  private captures(): string[] {
    const captures: string[] = [];
    for (;;) {
      this.skipSpace();
      if (this.src[this.pos] !== '@') return captures;
      this.pos++;
      captures.push(this.word(/^[A-Za-z_][A-Za-z0-9_.]*/));
    }
  }
}

export function readPatterns(src: string, file: string): PatternTable {
  const reader = new ScmReader(src, file);
  const table: PatternTable = new Map();
  while (!reader.atEnd()) {
    const p = reader.pattern();
    const list = table.get(p.type) ?? [];
    list.push(p);
    table.set(p.type, list);
  }
  return table;
}

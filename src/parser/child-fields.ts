// The field a child of a given type takes under a parent of a given type, where the grammar's node-types.json
// leaves one answer: a type none of the parent's fields lists has no field (extras such as comments never
// have one); a named type that one field lists, and the parent's unfielded children do not, has that field.
// Leaves out anonymous tokens a field lists (node-types.json does not say whether they also come unfielded)
// and trees with syntax errors, where a node may sit where no rule puts it: those are asked of the cursor.

interface TypeRef {
  type: string;
  named: boolean;
}

/** A grammar's node-types.json entry, as far as fields go. */
export interface NodeTypeFields extends TypeRef {
  fields?: Record<string, { types?: TypeRef[] }>;
  children?: { types?: TypeRef[] };
  subtypes?: TypeRef[];
}

const keyOf = (t: TypeRef) => `${t.named ? 1 : 0}:${t.type}`;

export class ChildFields {
  private byKey?: Map<string, NodeTypeFields>;
  /** By parent key: child key -> field name, or null when more than one answer is possible. */
  private readonly tables = new Map<string, Map<string, string | null>>();

  constructor(private readonly nodeTypes: readonly NodeTypeFields[]) {}

  /** The field of a `child` under a `parent` (keys `named:type`): '' for none, null when node-types.json leaves it open. */
  fieldOf(parent: string, child: string): string | null {
    let table = this.tables.get(parent);
    if (!table) this.tables.set(parent, (table = this.tableOf(parent)));
    const field = table.get(child);
    return field === undefined ? '' : field;
  }

  private tableOf(parent: string): Map<string, string | null> {
    this.byKey ??= new Map(this.nodeTypes.map((t) => [keyOf(t), t]));
    const table = new Map<string, string | null>();
    const info = this.byKey.get(parent);
    if (!info) return table;
    for (const [field, spec] of Object.entries(info.fields ?? {})) {
      for (const key of this.concrete(spec.types)) table.set(key, table.has(key) || key.startsWith('0:') ? null : field);
    }
    for (const key of this.concrete(info.children?.types)) if (table.has(key)) table.set(key, null);
    return table;
  }

  /** The types listed, supertypes replaced by the types they stand for. */
  private concrete(types: readonly TypeRef[] | undefined, out = new Set<string>()): Set<string> {
    for (const t of types ?? []) {
      const subtypes = this.byKey!.get(keyOf(t))?.subtypes;
      if (subtypes) this.concrete(subtypes, out);
      else out.add(keyOf(t));
    }
    return out;
  }
}

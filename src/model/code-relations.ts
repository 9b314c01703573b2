// What extraction records beyond symbols and calls: how code uses variables (read, write, address taken),
// which classes derive from which, and where templates are instantiated. Plain data for the index writer.

/** How an expression uses a name: its value read, assigned/incremented, or its address taken. */
export type AccessKind = 'read' | 'write' | 'address';

export interface VariableRef {
  name: string;
  line: number;
  column: number;
  access: AccessKind;
  /** `name`: a plain identifier (or ns::name); `member`: the field of a `.`/`->` access. */
  via: 'name' | 'member';
}

export interface ClassBase {
  /** Qualified name of the deriving class or struct, as its symbol records it. */
  classQualifiedName: string;
  /** The base as written, without template arguments (`Base`, `ns::Base`). */
  baseName: string;
  /** The base as written, template arguments included (`Base<T>`). */
  baseText: string;
  access: 'public' | 'protected' | 'private';
  isVirtual: boolean;
  line: number;
}

export interface TemplateUse {
  /** Template name as written, qualifiers kept (`Ring`, `etl::vector`). */
  name: string;
  /** Argument list as written, whitespace collapsed (`<int, 16>`). */
  args: string;
  line: number;
  column: number;
  /** `explicit`: `template class X<...>;`. `implicit`: a use that makes the compiler instantiate it. `specialization`: `template<> class X<...> {...}`. */
  kind: 'explicit' | 'implicit' | 'specialization';
}

export interface CodeRelations {
  variableRefs: VariableRef[];
  classBases: ClassBase[];
  templateUses: TemplateUse[];
}

// Symbol kinds and the shape of what extraction yields for one file: symbols, call references, errors.
// Kinds are data: the search filter, the CLI and the MCP schemas all read SYMBOL_KINDS.
import type { CodeRelations } from './code-relations.js';

export const SYMBOL_KINDS = [
  'function', 'method', 'constructor', 'destructor', 'class', 'struct', 'union', 'enum', 'enum_constant',
  'typedef', 'varglobal', 'varlocal', 'field', 'namespace', 'macro',
] as const;

export type SymbolKind = (typeof SYMBOL_KINDS)[number];

/** Kinds a search filter accepts: the symbol kinds plus `variable` (globals and locals). */
export const FILTER_KINDS = [...SYMBOL_KINDS, 'variable'] as const;
export type FilterKind = (typeof FILTER_KINDS)[number];

export interface ExtractedSymbol {
  stableId: string;
  parentId: string | null;
  name: string;
  qualifiedName: string;
  kind: SymbolKind;
  line: number;
  endLine: number;
  column: number;
  isDefinition: boolean;
  signature: string;
  docstring: string;
  isTemplate: boolean;
  isVirtual: boolean;
  isPureVirtual: boolean;
  /** Decimal integer of an enum constant, when it can be computed. */
  enumValue: string | null;
  nameTokens: string;
  /** Full text of a function/method definition; null otherwise. */
  body: string | null;
  /** The name as written when a macro renamed it (`xPortPendSVHandler` for `PendSV_Handler`). */
  alias?: string | null;
  /** The macro whose expansion at this place defines or renames the symbol. */
  viaMacro?: string | null;
}

/**
 * What a reference row records. Calls: `call` (written in the source), `macro_call` (written by a macro
 * expansion at the invocation), `indirect` (through a pointer or struct member), `vector` (an interrupt vector
 * slot naming a handler). `fn_pointer`: a function name stored into a pointer (initialiser, assignment,
 * argument) — a possible target of indirect calls; `slot_copy`: a function-pointer parameter or local copied into
 * another slot (name = the source slot); `vector_reserved`: a zero entry of a vector table. Other modules add
 * their own kinds.
 */
export type ReferenceKind = 'call' | 'macro_call' | 'indirect' | 'vector' | 'fn_pointer' | (string & {});

/** The kinds that are edges of the call graph. */
export const CALL_KINDS = ['call', 'macro_call', 'indirect', 'vector'] as const;

export interface ExtractedReference {
  name: string;
  line: number;
  column: number;
  kind: ReferenceKind;
  /** Qualified name of the function the reference sits in (null at file scope). */
  caller?: string | null;
  /** Macro whose expansion at this place writes the reference. */
  viaMacro?: string | null;
  /** Pointer slot an indirect call reads or a fn_pointer row writes (`T.field`, `.field`, `var:x`, `var:x[]`, `arg:f#i`, `local:f.x`); vector rows: `vector:TABLE#N`. */
  slot?: string | null;
  /** Indirect calls: the callee expression. fn_pointer: where it is stored. vector: table and slot. */
  detail?: string | null;
}

/** A syntax error's line and the lines (from, to) of the file-level construct around it, 1-based. */
export interface ErrorLines {
  line: number;
  from: number;
  to: number;
}

export interface FileExtraction {
  symbols: ExtractedSymbol[];
  references: ExtractedReference[];
  /** Syntax problems worth recording (file still indexed). */
  errors: string[];
  /** Lines (1-based) where the parser met syntax errors (what `errors` reports). */
  errorLines?: number[];
  /** The first syntax errors (more than `errorLines` names), each with the lines of the construct it sits in. */
  errorSites?: ErrorLines[];
  /** Variable reads/writes, C++ base classes and template uses. */
  relations?: CodeRelations;
  /** Lines (1-based) of declarations skipped because their declarator names nothing the parser can read. */
  nameless: number[];
}

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
}

export interface ExtractedReference {
  name: string;
  line: number;
  column: number;
  kind: 'call';
}

export interface FileExtraction {
  symbols: ExtractedSymbol[];
  references: ExtractedReference[];
  /** Syntax problems worth recording (file still indexed). */
  errors: string[];
  /** Variable reads/writes, C++ base classes and template uses. */
  relations?: CodeRelations;
  /** Lines (1-based) of declarations skipped because their declarator names nothing the parser can read. */
  nameless: number[];
}

// What the code-reading queries ask of an index (bodies, files, variable accesses, class structure,
// template uses), as an interface beside IndexReader; the SQLite implementation is sqlite-reading.ts.
import type { Page, SymbolRow } from './index-reader.js';

export interface BodyRow extends SymbolRow {
  /** The definition's text as the build parsed it (inactive lines blank). */
  body: string;
}

export interface VariableRefRow {
  name: string;
  access: 'read' | 'write' | 'address';
  via: 'name' | 'member';
  file: string;
  line: number;
  column: number;
  is_vendor: boolean;
  /** Qualified name of the function holding the use, null at file scope. */
  in_function: string | null;
}

export interface RefScope {
  /** Only uses in this file (stored path). */
  file?: string;
  /** Only uses within these lines of `file`. */
  fromLine?: number;
  toLine?: number;
  via?: 'name' | 'member';
  /** Leave out uses inside a function that declares a local of the same name before them (it shadows a global). */
  excludeShadowed?: boolean;
  /** Member uses, plus plain-name uses inside the methods of these classes (a C++ field: its class and subclasses). Overrides `via`. */
  fieldOf?: string[];
}

export interface CallInRange {
  name: string;
  line: number;
  column: number;
  kind: string;
}

export interface ClassBaseRow {
  class_qname: string;
  base_name: string;
  base_text: string;
  access: string;
  is_virtual: boolean;
  file: string;
  line: number;
}

export interface TemplateUseRow {
  name: string;
  args: string;
  kind: 'explicit' | 'implicit' | 'specialization';
  file: string;
  line: number;
  column: number;
  is_vendor: boolean;
}

export interface ReadingIndex {
  /** Stored paths of the build's files equal to `path` or ending in `/path`, shortest first (at most `limit`). */
  buildFilePaths(buildId: number, path: string, limit: number): string[];
  /** Include folders the build's compile commands name (stored paths). */
  includeDirs(buildId: number): string[];
  /** Function-like definitions whose body holds every term (case-insensitive), project code first. */
  searchBodies(buildId: number, terms: string[], projectOnly: boolean, page: { limit: number; offset: number }): Page<BodyRow>;
  /** Every symbol of one file (stored path) in the build, by line. */
  symbolsInFile(buildId: number, path: string): SymbolRow[];
  /**
   * Symbols of the given kinds whose name holds `substring` (case-insensitive), exact name and project code
   * first; a declaration is left out when the build also has the definition of that qualified name.
   */
  symbolsNameLike(buildId: number, substring: string, kinds: string[], page: { limit: number; offset: number }): Page<SymbolRow>;
  /** Uses of a name: writes first, then addresses, then reads; `total` counts them all. */
  variableRefs(buildId: number, name: string, scope: RefScope, page: { limit: number; offset: number }): Page<VariableRefRow> & { counts: Record<string, number> };
  /** Calls made within lines of one file (stored path). */
  callsInRange(buildId: number, file: string, fromLine: number, toLine: number): CallInRange[];
  /** Names used (read, written, address taken) within lines of one file. */
  namesInRange(buildId: number, file: string, fromLine: number, toLine: number): VariableRefRow[];
  /** Base-class rows of the classes with this qualified name. */
  basesOf(buildId: number, classQualifiedName: string): ClassBaseRow[];
  /** Base-class rows naming `baseName` (as written, or ending in ::baseName). */
  derivedFrom(buildId: number, baseName: string): ClassBaseRow[];
  /** Symbols whose qualified name is `scope::<one more component>`. */
  membersOf(buildId: number, scope: string): SymbolRow[];
  /** Template uses named `name` (as written, or ending in ::name), explicit first. */
  templateUses(buildId: number, name: string, page: { limit: number; offset: number }): Page<TemplateUseRow>;
}

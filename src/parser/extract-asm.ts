// GNU/ARM assembler files (.s, .S, .sx; Keil DCD too): global labels as symbols (functions, or variables in data
// sections and for `.type X, %object`; a local label after `.thumb_func` too), `.weak X` + `.thumb_set X, Y`
// (`.set`, `.equ`) default-handler aliases, interrupt vector tables (`.word`/`.long`/`DCD` entries under a
// vector section or label) as `vector` rows, and `bl`/`blx` (also `ldr rN, =X` then `bx/blx rN`) as calls.
// Labels and directives that C preprocessor macros write (Zephyr's GTEXT, SECTION_FUNC) are read from their
// expansions, and so are those the assembler's own macros (`.macro`) write, given as invocations too
// (assembler-macros.ts).
import { sha1 } from '../model/sha1.js';
import type { ExtractedReference, ExtractedSymbol, FileExtraction } from '../model/symbol.js';
import type { MacroInvocation } from '../preprocessor/macro-invocations.js';
import { expandInvocations } from './expanded-text.js';
import { nameTokens } from './name-tokens.js';
import { definitionLines, isArmasmText, statementsOf } from '../preprocessor/assembler-syntax.js';

export function isAssemblerPath(p: string): boolean {
  return /\.(s|S|sx|asm)$/.test(p);
}

/**
 * The language a build stores a file in that GNU as reads through `.include` only: assembler text whatever its name
 * (`macros.inc`), which the C preprocessor does not read.
 */
export const AS_INCLUDED = 'asm';

/** Whether a build's file is read as assembler: by its name, or stored as one `.include` reads (AS_INCLUDED). */
export function isAssemblerFile(p: string, language: string): boolean {
  return language === AS_INCLUDED || isAssemblerPath(p);
}

const VECTOR_SECTION = /isr_vector|vectors?\b|intvec|\bRESET\b/i;
const VECTOR_LABEL = /vector|isr_?table/i;
const IDENT = /^[A-Za-z_.$][\w.$]*$/;

interface Label {
  name: string;
  line: number;
  column: number;
  global: boolean;
  isFunction: boolean;
  endLine: number;
  /** Defined in a data section (`.data`, `.bss`, `.section .rodata`, flags without `x`, Keil `AREA ..., DATA`). */
  inData: boolean;
  /** Placed by a macro's expansion (Zephyr's `SECTION_FUNC(TEXT, sym)`): a symbol the file means to define. */
  viaMacro: string | null;
}

/** Whether a `.section` directive's arguments name a data section: flags without `x`, else a data section name. */
function isDataSection(args: string): boolean {
  const [name = '', flags] = args.split(',').map((a) => a.trim().replace(/^"|"$/g, ''));
  if (/^\.text\b/.test(name)) return false;
  if (flags !== undefined && /^[a-zA-Z?]*$/.test(flags) && flags !== '') return !flags.includes('x');
  return /^\.(data|bss|rodata|sdata|sbss|tdata|tbss|noinit|heap|stack)\b/.test(name);
}

function stripComment(line: string): string {
  return line.replace(/\/\*.*?\*\//g, ' ').replace(/(\/\/|@|;).*$/, '').replace(/^\s*#.*$/, '');
}

export function extractAsm(text: string, relPath: string, invocations?: readonly MacroInvocation[]): FileExtraction {
  const lines = text.split('\n');
  // GNU as separates statements by `;`; to Keil armasm it starts a comment.
  const separated = !isArmasmText(text);
  const reader = new AsmReader(!separated);
  const expanded = invocations?.length ? expandedStatements(text, invocations, separated) : undefined;
  // A macro's definition is read where it is invoked, not where it stands.
  const definitions = text.includes('.macro') || text.includes('.MACRO') ? definitionLines(lines) : undefined;
  lines.forEach((raw, i) => {
    if (definitions?.has(i)) return;
    for (const statement of expanded?.get(i) ?? ownStatements(raw, separated)) reader.line(statement.text, i + 1, statement.viaMacro);
  });
  const r = reader;
  return { symbols: asmSymbols(relPath, lines, r.labels, r.globals, r.functions, r.objects, r.weak, r.aliases), references: r.references, errors: [], nameless: [] };
}

/** One statement of an expanded line, and the macro whose expansion it starts in. */
interface Statement {
  text: string;
  viaMacro: string | null;
}

/** A line of the file's own text cut into its statements (each kept at its column), `;` separating them in GNU as. */
function ownStatements(raw: string, separated: boolean): Statement[] {
  if (!separated || !raw.includes(';')) return [{ text: raw, viaMacro: null }];
  return statementsOf(raw).map((st) => ({ text: ' '.repeat(st.at) + st.text, viaMacro: null }));
}

/**
 * The lines (0-based) that hold a substituted invocation, as the assembler reads them: the line with the expansions
 * in place, cut into statements at the `;` the expansions write (the separator of GNU as on ARM and x86, where a
 * macro's several statements share a line) and, in GNU as (`separated`), at those the file writes before a comment
 * (a `;` of Keil armasm starts one).
 */
function expandedStatements(text: string, invocations: readonly MacroInvocation[], separated: boolean): Map<number, Statement[]> {
  const exp = expandInvocations(text, invocations);
  // An expansion stands on its invocation's first line, the lines it covered left empty (a repeat block's body):
  // lines keep their numbers.
  const expandedLines = new Set<number>();
  for (const inv of exp.used) {
    const spanned = text.slice(inv.start, inv.end).split('\n').length;
    for (let k = 0; k < spanned; k++) expandedLines.add(inv.line - 1 + k);
  }
  const out = new Map<number, Statement[]>();
  let lineStart = 0;
  for (const [i, line] of exp.text.split('\n').entries()) {
    const start = lineStart;
    lineStart += line.length + 1;
    if (!expandedLines.has(i)) continue;
    const statements: Statement[] = [];
    let from = 0;
    const cut = (to: number) => {
      const piece = line.slice(from, to);
      // The macro whose expansion the statement starts in.
      const first = from + piece.length - piece.trimStart().length;
      statements.push({ text: piece, viaMacro: first < to ? exp.locate(start + first).inv?.name ?? null : null });
    };
    for (let k = 0; k < line.length; k++) {
      const ch = line[k];
      if (ch !== ';' && !(separated && (ch === '@' || (ch === '/' && line[k + 1] === '/')))) continue;
      const inExpansion = exp.locate(start + k).inv !== undefined;
      if (ch === ';' && (inExpansion || separated)) {
        cut(k);
        from = k + 1;
      } else if (ch !== ';' && !inExpansion) break;
    }
    cut(line.length);
    out.set(i, statements);
  }
  return out;
}

/** Reads an assembler file line by line: its labels, symbol directives, vector-table words and branches. */
class AsmReader {
  readonly labels: Label[] = [];
  readonly globals = new Set<string>();
  readonly functions = new Set<string>();
  readonly objects = new Set<string>();
  readonly weak = new Set<string>();
  readonly aliases: { name: string; target: string; line: number; column: number }[] = [];
  readonly references: ExtractedReference[] = [];
  private inVectorSection = false;
  private inData = false;
  /** The vector table being filled (its label), and the next slot. */
  private table: Label | null = null;
  private slot = 0;
  /** The label the code is under (the caller of its branches). */
  private current: Label | null = null;
  /** Register → symbol loaded by `ldr rN, =symbol` (a `bx rN` calls it). */
  private loaded = new Map<string, string>();
  /** A `.thumb_func` was read: the next label names a (Thumb) function, local or not. */
  private thumbFunc = false;

  /** @param armasm Keil armasm text, whose labels stand at the start of a line without a colon (`__Vectors DCD x`). */
  constructor(private readonly armasm = false) {}

  line(raw: string, lineNo: number, viaMacro: string | null = null): void {
    let code = stripComment(raw);
    // Labels opening the statement, one or several (`a: b: insn`).
    for (let rest = this.label(raw, code, lineNo, viaMacro); rest !== code; rest = this.label(raw, code, lineNo, viaMacro)) code = rest;
    const m = /^\s*(\.?[A-Za-z_][\w.]*)\s*(.*)$/.exec(code);
    if (!m) return;
    const op = m[1].toLowerCase();
    const args = m[2].trim();
    const names = args.split(',').map((a) => a.trim());
    if (!this.sectionDirective(op, args) && !this.symbolDirective(op, args, names, raw, lineNo)) this.instruction(op, args, names, raw, lineNo);
  }

  /** A label opening the line is recorded (local `.L` ones are not); answers the code after it. */
  private label(raw: string, code: string, lineNo: number, viaMacro: string | null): string {
    const lm = /^\s*([A-Za-z_.$][\w.$]*)\s*:/.exec(code) ?? (this.armasm ? /^([A-Za-z_.$][\w.$]*)(?=\s|$)/.exec(code) : null);
    if (!lm) return /^\s*\d+\s*:/.exec(code)?.[0].length ? code.replace(/^\s*\d+\s*:/, '') : code;
    const label: Label = { name: lm[1], line: lineNo, column: raw.indexOf(lm[1]) + 1, global: false, isFunction: false, endLine: lineNo, inData: this.inData, viaMacro };
    if (!label.name.startsWith('.L')) {
      if (this.thumbFunc) this.functions.add(label.name);
      this.thumbFunc = false;
      this.labels.push(label);
      if (this.inVectorSection || VECTOR_LABEL.test(label.name)) {
        this.table = label;
        this.slot = 0;
      } else this.table = null;
      this.current = label;
    }
    return code.slice(lm[0].length);
  }

  /** Section switches: which labels are data, which words fill a vector table. */
  private sectionDirective(op: string, args: string): boolean {
    switch (op) {
      case '.section':
      case 'area':
        this.inVectorSection = VECTOR_SECTION.test(args);
        this.inData = op === 'area' ? /\b(DATA|NOINIT)\b/i.test(args) : isDataSection(args);
        this.table = null;
        return true;
      case '.text':
      case '.data':
      case '.bss':
        this.inVectorSection = false;
        this.inData = op !== '.text';
        this.table = null;
        return true;
      default:
        return false;
    }
  }

  /** Visibility, type and alias directives. */
  private symbolDirective(op: string, args: string, names: string[], raw: string, lineNo: number): boolean {
    switch (op) {
      case '.global':
      case '.globl':
      case 'export':
        for (const n of names) this.globals.add(n.replace(/\s*\[.*$/, ''));
        if (/\[\s*weak\s*\]/i.test(args)) this.weak.add(names[0].replace(/\s*\[.*$/, ''));
        return true;
      case '.weak':
        for (const n of names) this.weak.add(n);
        return true;
      case '.thumb_func':
        this.thumbFunc = true;
        return true;
      case '.type':
        if (/function/.test(names[1] ?? '')) this.functions.add(names[0]);
        else if (/object/.test(names[1] ?? '')) this.objects.add(names[0]);
        return true;
      case '.thumb_set':
      case '.set':
      case '.equ':
        if (IDENT.test(names[0] ?? '') && IDENT.test(names[1] ?? '')) {
          this.aliases.push({ name: names[0], target: names[1], line: lineNo, column: raw.indexOf(names[0]) + 1 });
          this.references.push({ name: names[1], line: lineNo, column: Math.max(1, raw.lastIndexOf(names[1]) + 1), kind: 'fn_pointer', caller: null, viaMacro: null, slot: `alias:${names[0]}`, detail: `${op} ${names[0]}, ${names[1]}` });
        }
        return true;
      default:
        return false;
    }
  }

  /** Vector-table words, `ldr rN, =symbol` and branches (calls). */
  private instruction(op: string, args: string, names: string[], raw: string, lineNo: number): void {
    switch (op) {
      case '.word':
      case '.long':
      case '.4byte':
      case 'dcd':
        this.tableWords(names, raw, lineNo);
        return;
      case 'ldr': {
        const lm2 = /^(\w+)\s*,\s*=\s*([A-Za-z_][\w.$]*)/.exec(args);
        if (lm2) this.loaded.set(lm2[1].toLowerCase(), lm2[2]);
        return;
      }
      case 'bl':
      case 'blx':
      case 'bx': {
        const target = names[0];
        const viaReg = this.loaded.get((target ?? '').toLowerCase());
        const callee = viaReg ?? (op !== 'bx' && IDENT.test(target ?? '') && !/^r\d+$|^lr$/i.test(target) ? target : undefined);
        if (callee) this.references.push({ name: callee, line: lineNo, column: Math.max(1, raw.indexOf(target) + 1), kind: 'call', caller: this.current?.name ?? null, viaMacro: null, slot: null, detail: null });
        return;
      }
      default:
        return;
    }
  }

  /** The words of a vector table: each a slot naming its handler (a zero or computed entry is a reserved slot). */
  private tableWords(names: string[], raw: string, lineNo: number): void {
    if (!this.table && !this.inVectorSection) return;
    for (const n of names) {
      if (!n) continue;
      const tableName = this.table ? this.table.name : 'vectors';
      // A zero (or computed) entry is a reserved slot: its own kind keeps it out of call counts.
      const named = IDENT.test(n);
      this.references.push({ name: named ? n : n.replace(/\s+/g, ''), line: lineNo, column: Math.max(1, raw.indexOf(n) + 1), kind: named ? 'vector' : 'vector_reserved', caller: null, viaMacro: null, slot: `vector:${tableName}#${this.slot}`, detail: `${tableName}[${this.slot}]` });
      this.slot++;
    }
  }
}

function asmSymbols(
  relPath: string,
  lines: string[],
  labels: Label[],
  globals: Set<string>,
  functions: Set<string>,
  objects: Set<string>,
  weak: Set<string>,
  aliases: { name: string; target: string; line: number; column: number }[],
): ExtractedSymbol[] {
  // A label a macro places is kept too: its `.global` may stand in a header (Zephyr's vector_table.h `GTEXT(__start)`).
  const kept = labels.filter((l) => globals.has(l.name) || functions.has(l.name) || weak.has(l.name) || l.viaMacro !== null);
  kept.forEach((l, k) => {
    l.endLine = (kept[k + 1]?.line ?? lines.length + 1) - 1;
    // A label is code unless it is a vector table, declared an object, or in a data section (CMSIS-RTX's
    // `.section ".rodata"` + `irqRtxLib: .byte 0`).
    l.isFunction = functions.has(l.name) || (!VECTOR_LABEL.test(l.name) && !objects.has(l.name) && !l.inData);
  });
  const make = (name: string, line: number, endLine: number, column: number, isFunction: boolean, signature: string, body: string | null): ExtractedSymbol => ({
    stableId: sha1(`${relPath}\0asm\0${name}\0${line}`).slice(0, 16),
    parentId: null,
    name,
    qualifiedName: name,
    kind: isFunction ? 'function' : 'varglobal',
    line,
    endLine,
    column,
    isDefinition: true,
    signature,
    docstring: '',
    isTemplate: false,
    isVirtual: false,
    isPureVirtual: false,
    enumValue: null,
    nameTokens: nameTokens(name),
    body,
  });
  const out = kept.map((l) => {
    const sym = make(l.name, l.line, l.endLine, l.column, l.isFunction, `${weak.has(l.name) ? '.weak ' : ''}${l.name}:`, lines.slice(l.line - 1, l.endLine).join('\n').replace(/\s+$/, ''));
    if (l.viaMacro) {
      // Where the invocation names it (the label's column is in the expansion).
      sym.column = Math.max(0, lines[l.line - 1].indexOf(l.name)) + 1;
      sym.viaMacro = l.viaMacro;
    }
    return sym;
  });
  for (const a of aliases) {
    if (!weak.has(a.name) && !globals.has(a.name)) continue;
    out.push(make(a.name, a.line, a.line, a.column, true, `${weak.has(a.name) ? '.weak ' : ''}${a.name} = ${a.target}`, null));
  }
  return out;
}

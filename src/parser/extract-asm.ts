// GNU/ARM assembler files (.s, .S, .sx; Keil DCD too): global labels as symbols (functions, or variables in data
// sections and for `.type X, %object`), `.weak X` + `.thumb_set X, Y`
// (`.set`, `.equ`) default-handler aliases, interrupt vector tables (`.word`/`.long`/`DCD` entries under a
// vector section or label) as `vector` rows, and `bl`/`blx` (also `ldr rN, =X` then `bx/blx rN`) as calls.
// Leaves out macros of the assembler (.macro), which vector tables rarely use.
import { sha1 } from '../model/sha1.js';
import type { ExtractedReference, ExtractedSymbol, FileExtraction } from '../model/symbol.js';
import { nameTokens } from './name-tokens.js';

export function isAssemblerPath(p: string): boolean {
  return /\.(s|S|sx|asm)$/.test(p);
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

export function extractAsm(text: string, relPath: string): FileExtraction {
  const lines = text.split('\n');
  const labels: Label[] = [];
  const globals = new Set<string>();
  const functions = new Set<string>();
  const objects = new Set<string>();
  const weak = new Set<string>();
  const aliases: { name: string; target: string; line: number; column: number }[] = [];
  const references: ExtractedReference[] = [];
  let inVectorSection = false;
  let inData = false;
  let table: Label | null = null;
  let slot = 0;
  let current: Label | null = null;
  const loaded = new Map<string, string>();

  lines.forEach((raw, i) => {
    const lineNo = i + 1;
    let code = stripComment(raw);
    const lm = /^\s*([A-Za-z_.$][\w.$]*)\s*:/.exec(code);
    if (lm) {
      const label: Label = { name: lm[1], line: lineNo, column: raw.indexOf(lm[1]) + 1, global: false, isFunction: false, endLine: lineNo, inData };
      if (!label.name.startsWith('.L')) {
        labels.push(label);
        if (inVectorSection || VECTOR_LABEL.test(label.name)) {
          table = label;
          slot = 0;
        } else table = null;
        current = label;
      }
      code = code.slice(lm[0].length);
    }
    const m = /^\s*(\.?[A-Za-z_][\w.]*)\s*(.*)$/.exec(code);
    if (!m) return;
    const op = m[1].toLowerCase();
    const args = m[2].trim();
    const names = args.split(',').map((a) => a.trim());
    switch (op) {
      case '.section':
      case 'area':
        inVectorSection = VECTOR_SECTION.test(args);
        inData = op === 'area' ? /\b(DATA|NOINIT)\b/i.test(args) : isDataSection(args);
        table = null;
        return;
      case '.text':
      case '.data':
      case '.bss':
        inVectorSection = false;
        inData = op !== '.text';
        table = null;
        return;
      case '.global':
      case '.globl':
      case 'export':
        for (const n of names) globals.add(n.replace(/\s*\[.*$/, ''));
        if (/\[\s*weak\s*\]/i.test(args)) weak.add(names[0].replace(/\s*\[.*$/, ''));
        return;
      case '.weak':
        for (const n of names) weak.add(n);
        return;
      case '.type':
        if (/function/.test(names[1] ?? '')) functions.add(names[0]);
        else if (/object/.test(names[1] ?? '')) objects.add(names[0]);
        return;
      case '.thumb_set':
      case '.set':
      case '.equ':
        if (IDENT.test(names[0] ?? '') && IDENT.test(names[1] ?? '')) {
          aliases.push({ name: names[0], target: names[1], line: lineNo, column: raw.indexOf(names[0]) + 1 });
          references.push({ name: names[1], line: lineNo, column: Math.max(1, raw.lastIndexOf(names[1]) + 1), kind: 'fn_pointer', caller: null, viaMacro: null, slot: `alias:${names[0]}`, detail: `${op} ${names[0]}, ${names[1]}` });
        }
        return;
      case '.word':
      case '.long':
      case '.4byte':
      case 'dcd':
        if (!table && !inVectorSection) return;
        for (const n of names) {
          if (!n) continue;
          const tableName: string = table ? (table as Label).name : 'vectors';
          // A zero (or computed) entry is a reserved slot: its own kind keeps it out of call counts.
          const named = IDENT.test(n);
          references.push({ name: named ? n : n.replace(/\s+/g, ''), line: lineNo, column: Math.max(1, raw.indexOf(n) + 1), kind: named ? 'vector' : 'vector_reserved', caller: null, viaMacro: null, slot: `vector:${tableName}#${slot}`, detail: `${tableName}[${slot}]` });
          slot++;
        }
        return;
      case 'ldr': {
        const lm2 = /^(\w+)\s*,\s*=\s*([A-Za-z_][\w.$]*)/.exec(args);
        if (lm2) loaded.set(lm2[1].toLowerCase(), lm2[2]);
        return;
      }
      case 'bl':
      case 'blx':
      case 'bx': {
        const target = names[0];
        const viaReg = loaded.get((target ?? '').toLowerCase());
        const callee = viaReg ?? (op !== 'bx' && IDENT.test(target ?? '') && !/^r\d+$|^lr$/i.test(target) ? target : undefined);
        if (callee) references.push({ name: callee, line: lineNo, column: Math.max(1, raw.indexOf(target) + 1), kind: 'call', caller: (current as Label | null)?.name ?? null, viaMacro: null, slot: null, detail: null });
        return;
      }
      default:
        return;
    }
  });
  return { symbols: asmSymbols(relPath, lines, labels, globals, functions, objects, weak, aliases), references, errors: [], nameless: [] };
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
  const kept = labels.filter((l) => globals.has(l.name) || functions.has(l.name) || weak.has(l.name));
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
  const out = kept.map((l) =>
    make(l.name, l.line, l.endLine, l.column, l.isFunction, `${weak.has(l.name) ? '.weak ' : ''}${l.name}:`, lines.slice(l.line - 1, l.endLine).join('\n').replace(/\s+$/, '')),
  );
  for (const a of aliases) {
    if (!weak.has(a.name) && !globals.has(a.name)) continue;
    out.push(make(a.name, a.line, a.line, a.column, true, `${weak.has(a.name) ? '.weak ' : ''}${a.name} = ${a.target}`, null));
  }
  return out;
}

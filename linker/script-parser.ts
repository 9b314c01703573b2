// Recursive-descent parser for GNU ld scripts (the parts of ldgram.y that shape memory, symbols and output
// sections). It records statements in order and evaluates nothing; INCLUDE is followed through a callback.
// Input-section patterns, PHDRS, VERSION and overlay details are skipped, not modelled.
import type { Diagnostic } from '../src/model/diagnostic.js';
import { type Expr, ScriptSyntaxError, expectPunct, formatExpression, parseExpression } from './expression-parser.js';
import { includeSearchDirs } from './include-reader.js';
import {
  ASSIGN_OPS, ASSIGN_WRAPPERS, DATA_COMMANDS, INPUT_WRAPPERS, LENGTH_WORDS, ORIGIN_WORDS, SECTION_BARE_WORDS,
  SECTION_HEADER_WORDS, SECTION_TYPES, SKIPPED_BLOCKS, TOP_LEVEL_BARE_COMMANDS, TOP_LEVEL_PAREN_COMMANDS,
} from './keywords.js';
import { type LexMode, ScriptLexer, type Token } from './lexer.js';
import { firstDirectiveLine, needsPreprocessing } from './preprocess-detect.js';
import type { OutputSection, PreprocessScript, ReadInclude, RegionAlias } from './types.js';

export interface RegionDeclaration {
  name: string;
  attributes: string;
  origin: Expr | null;
  length: Expr | null;
  file: string;
  line: number;
}

/** Where an assignment sits: outside SECTIONS, directly in SECTIONS, or inside an output section. */
export type AssignmentPlace = 'top' | 'sections' | 'section-body';

export type ScriptStatement =
  | {
    kind: 'assign'; name: string; op: string; expr: Expr; file: string; line: number;
    provided: boolean; hidden: boolean; place: AssignmentPlace; section: string | null;
  }
  | { kind: 'sections-begin' }
  | { kind: 'output-section'; name: string };

export interface ParsedScript {
  regions: RegionDeclaration[];
  statements: ScriptStatement[];
  sections: OutputSection[];
  aliases: RegionAlias[];
  entry: { name: string; line: number; file: string } | null;
  outputFormat: string | null;
  outputArch: string | null;
  files: string[];
  preprocessedFiles: string[];
}

export interface ScriptParseOptions {
  libraryPaths?: string[];
  readInclude?: ReadInclude;
  preprocess?: PreprocessScript;
}

const MAX_INCLUDE_DEPTH = 10;

type Context = 'top' | 'memory' | 'sections' | 'section-body';

/** Parses a script (and what it INCLUDEs) into declarations and ordered statements. */
export function parseScriptStatements(
  text: string, file: string, options: ScriptParseOptions, diagnostics: Diagnostic[],
): ParsedScript {
  const p = new ScriptParser(options, diagnostics);
  p.parseRoot(text, file);
  return p.result;
}

class ScriptParser {
  readonly result: ParsedScript = {
    regions: [], statements: [], sections: [], aliases: [], entry: null,
    outputFormat: null, outputArch: null, files: [], preprocessedFiles: [],
  };
  private readonly searchDirs: string[] = [];
  private depth = 0;
  /** Output section being parsed (for symbols inside it). */
  private currentSection: string | null = null;

  constructor(private readonly options: ScriptParseOptions, private readonly diagnostics: Diagnostic[]) {}

  parseRoot(text: string, file: string): void {
    const lex = this.openText(text, file);
    this.parseBlock(lex, 'top', null);
  }

  private diag(severity: Diagnostic['severity'], file: string, line: number | undefined, message: string, fix?: string): void {
    this.diagnostics.push({ severity, file, line, message, ...(fix ? { fix } : {}) });
  }

  /** Makes a lexer for a file's text, preprocessing it first when it holds cpp directives. */
  private openText(text: string, file: string): ScriptLexer {
    this.result.files.push(file);
    let body = text;
    if (needsPreprocessing(text)) {
      if (this.options.preprocess) {
        const out = this.options.preprocess(text, file);
        this.diagnostics.push(...out.diagnostics);
        body = out.text;
        this.result.preprocessedFiles.push(file);
      } else {
        this.diag('warning', file, firstDirectiveLine(text) ?? undefined,
          'script holds C preprocessor directives but no preprocessor was given; ld reads `#` lines as comments, so every #if branch is read',
          'index the build so its defines reach the script, or give the preprocessed script (the build writes one, e.g. linker.cmd)');
      }
    }
    return new ScriptLexer(body, file, this.diagnostics);
  }

  /**
   * Parses statements of `context` until the closing `}` (consumed) or end of input.
   * `open` is the line of the `{` that opened the block, for the unterminated-brace diagnostic.
   */
  private parseBlock(lex: ScriptLexer, context: Context, open: { line: number; what: string } | null): void {
    for (;;) {
      const mode: LexMode = context === 'section-body' ? 'wild' : 'script';
      const t = lex.peek(mode);
      if (t.kind === 'eof') {
        if (open) {
          this.diag('error', lex.file, open.line, `${open.what} opened here is never closed (no matching \`}\`)`,
            'add the missing `}`; statements after it were read as part of this block');
        }
        return;
      }
      if (t.kind === 'punct' && t.text === '}') {
        lex.next(mode);
        if (open) return;
        this.diag('error', lex.file, t.line, 'unmatched `}`', 'remove it or add the `{` it closes');
        continue;
      }
      if (t.kind === 'punct' && (t.text === ';' || t.text === ',')) { lex.next(mode); continue; }
      const before = lex.pos;
      try {
        if (context === 'top') this.topStatement(lex);
        else if (context === 'memory') this.memoryStatement(lex);
        else if (context === 'sections') this.sectionsStatement(lex);
        else this.sectionBodyStatement(lex);
      } catch (err) {
        if (!(err instanceof ScriptSyntaxError)) throw err;
        this.diag('error', lex.file, err.line, `syntax error: ${err.message}; statement skipped`,
          'fix the statement; ld would refuse this script');
        this.recover(lex, mode, err.line, context === 'memory');
      }
      if (lex.pos === before) lex.next(mode); // always make progress
    }
  }

  /** Skips to after the next `;` at this nesting level, or before the `}` that closes the block. */
  private recover(lex: ScriptLexer, mode: LexMode, errLine: number, lineBased: boolean): void {
    let depth = 0;
    for (;;) {
      const t = lex.peek(mode);
      if (t.kind === 'eof') return;
      if (lineBased && depth === 0 && t.line > errLine && t.kind === 'name') return;
      if (t.kind === 'punct') {
        if (t.text === '(' || t.text === '{') depth++;
        else if (t.text === ')' || t.text === '}') {
          if (depth === 0 && t.text === '}') return;
          depth = Math.max(0, depth - 1);
        } else if (t.text === ';' && depth === 0) { lex.next(mode); return; }
      }
      lex.next(mode);
    }
  }

  /** Skips a balanced `( ... )` or `{ ... }` starting at the next token (which must be the opener). */
  private skipBalanced(lex: ScriptLexer, mode: LexMode): void {
    const first = lex.next(mode);
    const open = first.text;
    const close = open === '(' ? ')' : '}';
    let depth = 1;
    for (;;) {
      const t = lex.next(mode);
      if (t.kind === 'eof') {
        this.diag('error', lex.file, first.line, `\`${open}\` opened here is never closed`, `add the missing \`${close}\``);
        return;
      }
      if (t.kind !== 'punct') continue;
      if (t.text === open) depth++;
      else if (t.text === close && --depth === 0) return;
    }
  }

  private isPunct(t: Token, p: string): boolean { return t.kind === 'punct' && t.text === p; }

  private expectName(lex: ScriptLexer, mode: LexMode, what: string): Token {
    const t = lex.next(mode);
    if (t.kind !== 'name') throw new ScriptSyntaxError(`expected ${what}, found ${t.kind === 'eof' ? 'end of file' : `\`${t.text}\``}`, t.line);
    return t;
  }

  private optionalSemicolon(lex: ScriptLexer, mode: LexMode): void {
    const t = lex.peek(mode);
    if (this.isPunct(t, ';') || this.isPunct(t, ',')) lex.next(mode);
  }

  // ---- top level ----------------------------------------------------------------------------------

  private topStatement(lex: ScriptLexer): void {
    const t = lex.next('script');
    const word = t.kind === 'name' && !t.quoted ? t.text : '';
    if (word === 'MEMORY' || word === 'SECTIONS') {
      expectPunct(lex, '{', 'script');
      if (word === 'SECTIONS') {
        this.result.statements.push({ kind: 'sections-begin' });
        this.parseBlock(lex, 'sections', { line: t.line, what: 'SECTIONS' });
      } else {
        this.parseBlock(lex, 'memory', { line: t.line, what: 'MEMORY' });
      }
      return;
    }
    if (this.commonStatement(lex, t, 'top')) return;
    if (word === 'OUTPUT_FORMAT' || word === 'OUTPUT_ARCH' || word === 'SEARCH_DIR') {
      expectPunct(lex, '(', 'script');
      const arg = this.expectName(lex, 'script', `an argument of ${word}`);
      if (word === 'OUTPUT_FORMAT') this.result.outputFormat = arg.text;
      else if (word === 'OUTPUT_ARCH') this.result.outputArch = arg.text;
      else this.searchDirs.push(arg.text);
      for (;;) {
        const n = lex.next('script');
        if (this.isPunct(n, ')')) break;
        if (n.kind === 'eof') throw new ScriptSyntaxError(`\`${word}(\` is never closed`, t.line);
      }
      return;
    }
    if (TOP_LEVEL_PAREN_COMMANDS.has(word)) {
      if (this.isPunct(lex.peek('wild'), '(')) this.skipBalanced(lex, 'wild');
      return;
    }
    if (TOP_LEVEL_BARE_COMMANDS.has(word)) return;
    if (SKIPPED_BLOCKS.has(word)) {
      if (this.isPunct(lex.peek('script'), '{')) this.skipBalanced(lex, 'script');
      return;
    }
    if (word === 'REGION_ALIAS') {
      expectPunct(lex, '(', 'script');
      const alias = this.expectName(lex, 'script', 'an alias name');
      expectPunct(lex, ',', 'script');
      const region = this.expectName(lex, 'script', 'a region name');
      expectPunct(lex, ')', 'script');
      this.result.aliases.push({ alias: alias.text, region: region.text, file: lex.file, line: t.line });
      return;
    }
    if (word === 'INSERT') {
      const where = lex.next('script');
      if (where.text !== 'AFTER' && where.text !== 'BEFORE') throw new ScriptSyntaxError('expected AFTER or BEFORE after INSERT', where.line);
      this.expectName(lex, 'script', 'an output section name');
      return;
    }
    this.unknown(lex, t, 'script');
  }

  /** Statements valid everywhere: ENTRY, ASSERT, INCLUDE, assignments. True when `t` started one. */
  private commonStatement(lex: ScriptLexer, t: Token, context: Context): boolean {
    const mode: LexMode = context === 'section-body' ? 'wild' : 'script';
    if (t.kind !== 'name') return false;
    const word = t.quoted ? '' : t.text;
    if (word === 'ENTRY' && context !== 'section-body') {
      expectPunct(lex, '(', 'script');
      const name = this.expectName(lex, 'script', 'the entry symbol');
      expectPunct(lex, ')', 'script');
      this.result.entry = { name: name.text, line: t.line, file: lex.file };
      return true;
    }
    if (word === 'ASSERT' && this.isPunct(lex.peek('expr'), '(')) {
      lex.next('expr');
      parseExpression(lex);
      expectPunct(lex, ',', 'expr');
      this.expectName(lex, 'expr', 'the ASSERT message');
      expectPunct(lex, ')', 'expr');
      this.optionalSemicolon(lex, mode);
      return true;
    }
    if (word === 'INCLUDE') {
      const name = this.expectName(lex, 'script', 'a file name after INCLUDE');
      this.include(lex, name, context);
      return true;
    }
    if (ASSIGN_WRAPPERS[word] && this.isPunct(lex.peek('script'), '(')) {
      lex.next('script');
      const sym = this.expectName(lex, 'script', 'a symbol name');
      const op = lex.next('expr');
      if (op.kind !== 'punct' || !ASSIGN_OPS.has(op.text)) throw new ScriptSyntaxError(`expected \`=\` in ${word}(...)`, op.line);
      const expr = parseExpression(lex);
      expectPunct(lex, ')', 'expr');
      this.pushAssignment(lex, sym, op.text, expr, context, ASSIGN_WRAPPERS[word]!);
      this.optionalSemicolon(lex, mode);
      return true;
    }
    const op = lex.peek(mode);
    if (op.kind === 'punct' && ASSIGN_OPS.has(op.text)) {
      lex.next(mode);
      const expr = parseExpression(lex);
      this.pushAssignment(lex, t, op.text, expr, context, { provided: false, hidden: false });
      const end = lex.peek(mode);
      if (this.isPunct(end, ';') || this.isPunct(end, ',')) lex.next(mode);
      else if (!this.isPunct(end, '}')) {
        this.diag('warning', lex.file, t.line, `assignment to \`${t.text}\` is not followed by \`;\``, 'end the assignment with `;` (ld requires it)');
      }
      return true;
    }
    return false;
  }

  private pushAssignment(lex: ScriptLexer, sym: Token, op: string, expr: Expr, context: Context, how: { provided: boolean; hidden: boolean }): void {
    const place: AssignmentPlace = context === 'section-body' ? 'section-body' : context === 'sections' ? 'sections' : 'top';
    this.result.statements.push({
      kind: 'assign', name: sym.text, op, expr, file: lex.file, line: sym.line,
      provided: how.provided, hidden: how.hidden, place, section: place === 'section-body' ? this.currentSection : null,
    });
  }

  /** Reports an unknown word and skips the rest of its statement: to `;`, or to the end of its line. */
  private unknown(lex: ScriptLexer, t: Token, mode: LexMode): void {
    this.diag('warning', lex.file, t.line, `unknown construct \`${t.text}\` skipped`,
      'check the spelling; fw-context models the GNU ld script language');
    for (;;) {
      const n = lex.peek(mode);
      if (n.kind === 'eof' || this.isPunct(n, '}')) return;
      if (this.isPunct(n, '(') || this.isPunct(n, '{')) { this.skipBalanced(lex, mode); continue; }
      if (n.line > t.line) return;
      lex.next(mode);
      if (this.isPunct(n, ';')) return;
    }
  }

  private include(lex: ScriptLexer, name: Token, context: Context): void {
    if (this.depth >= MAX_INCLUDE_DEPTH) {
      this.diag('error', lex.file, name.line, `INCLUDE \`${name.text}\` nested more than ${MAX_INCLUDE_DEPTH} deep; not read`, 'remove the INCLUDE cycle');
      return;
    }
    const dirs = includeSearchDirs(lex.file, this.options.libraryPaths ?? [], this.searchDirs);
    const found = this.options.readInclude?.(name.text, lex.file, dirs);
    if (!found) {
      this.diag('error', lex.file, name.line,
        this.options.readInclude
          ? `INCLUDE \`${name.text}\`: file not found (searched ${dirs.join(', ')})`
          : `INCLUDE \`${name.text}\`: no include reader was given, file not read`,
        'add the folder that holds it with -L, or fix the name');
      return;
    }
    this.depth++;
    try {
      const inner = this.openText(found.text, found.file);
      this.parseBlock(inner, context, null);
    } finally {
      this.depth--;
    }
  }

  // ---- MEMORY ---------------------------------------------------------------------------------------

  private memoryStatement(lex: ScriptLexer): void {
    const t = lex.next('script');
    if (t.kind === 'name' && !t.quoted && t.text === 'INCLUDE') {
      const name = this.expectName(lex, 'script', 'a file name after INCLUDE');
      this.include(lex, name, 'memory');
      return;
    }
    if (t.kind !== 'name') throw new ScriptSyntaxError(`expected a memory region name, found \`${t.text}\``, t.line);
    let attributes = '';
    if (this.isPunct(lex.peek('script'), '(')) {
      lex.next('script');
      for (;;) {
        const a = lex.next('script');
        if (this.isPunct(a, ')')) break;
        if (a.kind === 'eof' || this.isPunct(a, ':') || this.isPunct(a, '}')) throw new ScriptSyntaxError(`attributes of region \`${t.text}\` are not closed with \`)\``, a.line);
        attributes += a.text;
      }
    }
    expectPunct(lex, ':', 'script');
    const o = lex.next('script');
    if (o.kind !== 'name' || !ORIGIN_WORDS.has(o.text)) throw new ScriptSyntaxError(`expected ORIGIN in region \`${t.text}\`, found \`${o.text}\``, o.line);
    expectPunct(lex, '=', 'script');
    const origin = parseExpression(lex);
    if (this.isPunct(lex.peek('script'), ',')) lex.next('script');
    const l = lex.next('script');
    if (l.kind !== 'name' || !LENGTH_WORDS.has(l.text)) throw new ScriptSyntaxError(`expected LENGTH in region \`${t.text}\`, found \`${l.text}\``, l.line);
    expectPunct(lex, '=', 'script');
    const length = parseExpression(lex);
    if (this.result.regions.some((r) => r.name === t.text)) {
      this.diag('error', lex.file, t.line, `memory region \`${t.text}\` is defined twice; the first definition is kept`, 'remove or rename one of them (ld refuses this)');
      return;
    }
    this.result.regions.push({ name: t.text, attributes, origin, length, file: lex.file, line: t.line });
  }

  // ---- SECTIONS -------------------------------------------------------------------------------------

  private sectionsStatement(lex: ScriptLexer): void {
    const t = lex.next('script');
    if (this.commonStatement(lex, t, 'sections')) return;
    if (t.kind === 'name' && !t.quoted && t.text === 'OVERLAY') { this.overlay(lex, t); return; }
    if (t.kind !== 'name') throw new ScriptSyntaxError(`expected an output section or assignment, found \`${t.text}\``, t.line);
    this.outputSection(lex, t);
  }

  private outputSection(lex: ScriptLexer, nameTok: Token): void {
    const section: OutputSection = {
      name: nameTok.text, address: null, type: null, loadAddress: null, region: null, loadRegion: null,
      phdrs: [], fill: null, file: lex.file, line: nameTok.line,
    };
    // header: [address] [(type)] :
    for (;;) {
      const t = lex.peek('expr');
      if (this.isPunct(t, ':')) { lex.next('expr'); break; }
      if (this.isPunct(t, '(')) {
        const m = lex.mark();
        lex.next('expr');
        const w = lex.peek('expr');
        if (w.kind === 'name' && SECTION_TYPES.has(w.text)) {
          let type = '';
          let depth = 1;
          for (;;) {
            const x = lex.next('expr');
            if (x.kind === 'eof') throw new ScriptSyntaxError(`type of section \`${section.name}\` is not closed`, w.line);
            if (this.isPunct(x, '(')) depth++;
            if (this.isPunct(x, ')') && --depth === 0) break;
            type += (type && x.kind === 'name' ? ' ' : '') + x.text;
          }
          section.type = type;
          continue;
        }
        lex.reset(m);
      }
      if (section.address !== null || t.kind === 'eof' || this.isPunct(t, '{') || this.isPunct(t, '}') || this.isPunct(t, ';')) {
        throw new ScriptSyntaxError(`expected \`:\` after output section \`${section.name}\`, found ${t.kind === 'eof' ? 'end of file' : `\`${t.text}\``}`, t.line);
      }
      section.address = formatExpression(parseExpression(lex));
    }
    // after the colon: AT(lma) ALIGN(a) SUBALIGN(a) ALIGN_WITH_INPUT ONLY_IF_RO ...
    for (;;) {
      const t = lex.peek('expr');
      if (this.isPunct(t, '{')) { lex.next('expr'); break; }
      if (t.kind === 'name' && t.text in SECTION_HEADER_WORDS) {
        lex.next('expr');
        if (SECTION_HEADER_WORDS[t.text]) {
          expectPunct(lex, '(', 'expr');
          const e = parseExpression(lex);
          expectPunct(lex, ')', 'expr');
          if (t.text === 'AT') section.loadAddress = formatExpression(e);
        }
        continue;
      }
      throw new ScriptSyntaxError(`expected \`{\` to open output section \`${section.name}\`, found ${t.kind === 'eof' ? 'end of file' : `\`${t.text}\``}`, t.line);
    }
    this.result.sections.push(section);
    this.result.statements.push({ kind: 'output-section', name: section.name });
    const outer = this.currentSection;
    this.currentSection = section.name;
    try {
      this.parseBlock(lex, 'section-body', { line: nameTok.line, what: `output section \`${section.name}\`` });
    } finally {
      this.currentSection = outer;
    }
    this.sectionTrailer(lex, [section]);
  }

  /** `> REGION`, `AT> REGION`, `:phdr`..., `= fill`, optional `,` after an output section or overlay. */
  private sectionTrailer(lex: ScriptLexer, targets: OutputSection[]): void {
    for (;;) {
      const t = lex.peek('script');
      if (this.isPunct(t, '>')) {
        lex.next('script');
        const r = this.expectName(lex, 'script', 'a memory region after `>`');
        for (const s of targets) s.region = r.text;
        continue;
      }
      if (t.kind === 'name' && t.text === 'AT' && !t.quoted) {
        const m = lex.mark();
        lex.next('script');
        if (this.isPunct(lex.peek('script'), '>')) {
          lex.next('script');
          const r = this.expectName(lex, 'script', 'a memory region after `AT>`');
          for (const s of targets) s.loadRegion = r.text;
          continue;
        }
        lex.reset(m);
        return;
      }
      if (this.isPunct(t, ':')) {
        lex.next('script');
        const ph = this.expectName(lex, 'script', 'a program header name after `:`');
        for (const s of targets) s.phdrs.push(ph.text);
        continue;
      }
      if (this.isPunct(t, '=')) {
        lex.next('script');
        const fill = formatExpression(parseExpression(lex));
        for (const s of targets) s.fill = fill;
        continue;
      }
      if (this.isPunct(t, ',')) lex.next('script');
      return;
    }
  }

  /** OVERLAY [start] : [NOCROSSREFS] [AT(lma)] [SUBALIGN(a)] { sec { ... } ... } trailer. */
  private overlay(lex: ScriptLexer, tok: Token): void {
    for (;;) {
      const t = lex.peek('expr');
      if (this.isPunct(t, ':')) { lex.next('expr'); break; }
      if (t.kind === 'eof' || this.isPunct(t, '{')) throw new ScriptSyntaxError('expected `:` after OVERLAY', t.line);
      parseExpression(lex);
    }
    for (;;) {
      const t = lex.next('expr');
      if (this.isPunct(t, '{')) break;
      if (t.kind === 'name' && (t.text === 'AT' || t.text === 'SUBALIGN')) {
        expectPunct(lex, '(', 'expr'); parseExpression(lex); expectPunct(lex, ')', 'expr');
        continue;
      }
      if (t.kind === 'name' && t.text === 'NOCROSSREFS') continue;
      throw new ScriptSyntaxError(`unexpected \`${t.text}\` in OVERLAY header`, t.line);
    }
    const members: OutputSection[] = [];
    for (;;) {
      const t = lex.next('script');
      if (this.isPunct(t, '}')) break;
      if (t.kind === 'eof') {
        this.diag('error', lex.file, tok.line, '`{` of OVERLAY opened here is never closed', 'add the missing `}`');
        return;
      }
      if (t.kind !== 'name') throw new ScriptSyntaxError(`expected an overlay section name, found \`${t.text}\``, t.line);
      expectPunct(lex, '{', 'script');
      const s: OutputSection = {
        name: t.text, address: null, type: null, loadAddress: null, region: null, loadRegion: null,
        phdrs: [], fill: null, file: lex.file, line: t.line,
      };
      members.push(s);
      this.result.sections.push(s);
      this.result.statements.push({ kind: 'output-section', name: s.name });
      const outer = this.currentSection;
      this.currentSection = s.name;
      try { this.parseBlock(lex, 'section-body', { line: t.line, what: `overlay section \`${s.name}\`` }); }
      finally { this.currentSection = outer; }
      this.sectionTrailer(lex, [s]);
    }
    this.sectionTrailer(lex, members);
  }

  // ---- output section contents ----------------------------------------------------------------------

  private sectionBodyStatement(lex: ScriptLexer): void {
    const t = lex.next('wild');
    if (this.commonStatement(lex, t, 'section-body')) return;
    const word = t.kind === 'name' && !t.quoted ? t.text : '';
    if (word === 'FILL' || DATA_COMMANDS.has(word)) {
      expectPunct(lex, '(', 'expr');
      parseExpression(lex);
      expectPunct(lex, ')', 'expr');
      this.optionalSemicolon(lex, 'wild');
      return;
    }
    if (word === 'ASCIZ') { this.expectName(lex, 'wild', 'a string after ASCIZ'); return; }
    if (SECTION_BARE_WORDS.has(word)) return;
    if (t.kind === 'name' || this.isPunct(t, '[')) {
      // input section description: pattern, optionally followed by a parenthesised section list
      if (INPUT_WRAPPERS.has(word) && !this.isPunct(lex.peek('wild'), '(')) {
        throw new ScriptSyntaxError(`expected \`(\` after ${word}`, t.line);
      }
      if (this.isPunct(lex.peek('wild'), '(')) this.skipBalanced(lex, 'wild');
      return;
    }
    this.unknown(lex, t, 'wild');
  }
}

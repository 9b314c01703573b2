// GNU ld script keywords as data: which commands the parser models, which it skips, and how.
// Keywords are case-sensitive (ld's lexer only knows the upper-case spellings, plus `o`/`org`/`l`/`len` in MEMORY).

/** Assignment operators (ld has no `^=`). */
export const ASSIGN_OPS = new Set(['=', '+=', '-=', '*=', '/=', '<<=', '>>=', '&=', '|=']);

/** `PROVIDE(x = e)` and friends. */
export const ASSIGN_WRAPPERS: Record<string, { provided: boolean; hidden: boolean }> = {
  PROVIDE: { provided: true, hidden: false },
  PROVIDE_HIDDEN: { provided: true, hidden: true },
  HIDDEN: { provided: false, hidden: true },
};

export const ORIGIN_WORDS = new Set(['ORIGIN', 'org', 'o']);
export const LENGTH_WORDS = new Set(['LENGTH', 'len', 'l']);

/** Top-level commands whose parenthesised arguments do not change the model: skipped silently. */
export const TOP_LEVEL_PAREN_COMMANDS = new Set([
  'TARGET', 'OUTPUT', 'INPUT', 'GROUP', 'STARTUP', 'MAP', 'HLL', 'SYSLIB', 'EXTERN',
  'NOCROSSREFS', 'NOCROSSREFS_TO', 'LD_FEATURE',
]);

/** Top-level commands without arguments. */
export const TOP_LEVEL_BARE_COMMANDS = new Set([
  'FORCE_COMMON_ALLOCATION', 'INHIBIT_COMMON_ALLOCATION', 'FORCE_GROUP_ALLOCATION', 'FLOAT', 'NOFLOAT',
]);

/** Blocks skipped whole (their contents describe program headers or symbol versions, not memory). */
export const SKIPPED_BLOCKS = new Set(['PHDRS', 'VERSION']);

/** Output section types written in parentheses before the colon. */
export const SECTION_TYPES = new Set(['NOLOAD', 'DSECT', 'COPY', 'INFO', 'OVERLAY', 'READONLY', 'TYPE']);

/** Words between an output section's colon and its `{`, with whether they take `(expr)`. */
export const SECTION_HEADER_WORDS: Record<string, boolean> = {
  AT: true, ALIGN: true, SUBALIGN: true, ALIGN_WITH_INPUT: false,
  ONLY_IF_RO: false, ONLY_IF_RW: false, SPECIAL: false,
};

/** Data commands inside an output section: `LONG(expr)`. */
export const DATA_COMMANDS = new Set(['BYTE', 'SHORT', 'LONG', 'QUAD', 'SQUAD']);

/** Input-section wrappers inside an output section, each followed by a parenthesised pattern list. */
export const INPUT_WRAPPERS = new Set([
  'KEEP', 'SORT', 'SORT_BY_NAME', 'SORT_BY_ALIGNMENT', 'SORT_BY_INIT_PRIORITY', 'SORT_NONE', 'EXCLUDE_FILE',
  'INPUT_SECTION_FLAGS', 'REVERSE',
]);

/** Bare words inside an output section. */
export const SECTION_BARE_WORDS = new Set(['CREATE_OBJECT_SYMBOLS', 'CONSTRUCTORS', 'LINKER_VERSION']);

/** Expression functions and how many arguments they take. */
export const EXPR_FUNCTIONS: Record<string, { min: number; max: number }> = {
  ORIGIN: { min: 1, max: 1 }, LENGTH: { min: 1, max: 1 },
  ADDR: { min: 1, max: 1 }, LOADADDR: { min: 1, max: 1 }, SIZEOF: { min: 1, max: 1 }, ALIGNOF: { min: 1, max: 1 },
  ALIGN: { min: 1, max: 2 }, BLOCK: { min: 1, max: 1 }, NEXT: { min: 1, max: 1 },
  ABSOLUTE: { min: 1, max: 1 }, DEFINED: { min: 1, max: 1 },
  MAX: { min: 2, max: 2 }, MIN: { min: 2, max: 2 }, LOG2CEIL: { min: 1, max: 1 },
  CONSTANT: { min: 1, max: 1 }, SEGMENT_START: { min: 2, max: 2 },
  DATA_SEGMENT_ALIGN: { min: 2, max: 2 }, DATA_SEGMENT_END: { min: 1, max: 1 },
  DATA_SEGMENT_RELRO_END: { min: 2, max: 2 }, ASSERT: { min: 2, max: 2 },
};

/** Functions whose argument is a name (region, section or symbol), not an expression. */
export const NAME_ARG_FUNCTIONS = new Set(['ORIGIN', 'LENGTH', 'ADDR', 'LOADADDR', 'SIZEOF', 'ALIGNOF', 'DEFINED', 'CONSTANT']);

/** Binary operator precedence (higher binds tighter), from ldgram.y. */
export const BINARY_PRECEDENCE: Record<string, number> = {
  '||': 1, '&&': 2, '|': 3, '^': 4, '&': 5, '==': 6, '!=': 6,
  '<': 7, '>': 7, '<=': 7, '>=': 7, '<<': 8, '>>': 8, '+': 9, '-': 9, '*': 10, '/': 10, '%': 10,
};

/** C preprocessor directive words that make a script need the preprocessor (line markers `# 1 "f"` do not). */
export const CPP_DIRECTIVES = [
  'if', 'ifdef', 'ifndef', 'elif', 'elifdef', 'elifndef', 'else', 'endif', 'define', 'undef', 'include',
  'error', 'warning', 'pragma',
];

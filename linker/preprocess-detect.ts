// Tells whether a linker script still holds C preprocessor directives (mbed `.ld`, `.ld.S`, Zephyr templates).
// cpp line markers (`# 1 "file"`) left in already-preprocessed output do not count; ld reads those as comments.
import { CPP_DIRECTIVES } from './keywords.js';

const DIRECTIVE_LINE = new RegExp(`^[ \\t]*#[ \\t]*(${CPP_DIRECTIVES.join('|')})\\b`, 'm');

export function needsPreprocessing(text: string): boolean {
  return DIRECTIVE_LINE.test(text);
}

/** 1-based line of the first directive, or null. */
export function firstDirectiveLine(text: string): number | null {
  const m = DIRECTIVE_LINE.exec(text);
  if (!m) return null;
  let line = 1;
  for (let i = 0; i < m.index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

// Reads one platformio.ini-style file with Python configparser's rules (as PlatformIO sets it up), then parses a
// normalised copy with `ini`. Leaves out configparser's [DEFAULT] section. Why the pre-processing: see below.
//
// `ini` differs from configparser: it cuts values at any `;`/`#` (configparser only after whitespace), nests
// dotted section names (`[env:esp32.dev]`), and knows no indented continuation lines. So this file handles
// comments, `=`/`:` delimiters, multi-line values (joined with "\n", trailing blank lines dropped) and
// lower-cased option names itself, and gives `ini` escaped section names and JSON-quoted values.
import type IniModule from 'ini';
import { requirePackage } from '../../src/model/require-package.js';
import type { Diagnostic } from '../contract.js';

const ini = requirePackage('ini') as typeof IniModule;

export interface IniOption {
  value: string;
  file: string;
  line: number;
}

export interface IniSection {
  name: string;
  file: string;
  line: number;
  options: Map<string, IniOption>;
}

export interface IniFileResult {
  sections: IniSection[];
  diagnostics: Diagnostic[];
}

/** Cut an inline comment: `;` or `#` preceded by whitespace (configparser with inline_comment_prefixes). */
function stripInlineComment(line: string): string {
  for (let i = 1; i < line.length; i++) {
    if ((line[i] === ';' || line[i] === '#') && /\s/.test(line[i - 1])) return line.slice(0, i);
  }
  return line;
}

export function readIniText(text: string, file: string): IniFileResult {
  const diagnostics: Diagnostic[] = [];
  const sections: IniSection[] = [];
  let cur: IniSection | undefined;
  let curKey: string | undefined;
  let curLines: string[] = [];
  let curIndent = 0;
  let curLine = 0;
  const seenSections = new Set<string>();
  const flush = () => {
    if (cur && curKey !== undefined) {
      while (curLines.length > 1 && curLines[curLines.length - 1] === '') curLines.pop();
      if (cur.options.has(curKey)) {
        diagnostics.push({ severity: 'warning', file, line: curLine, message: `option '${curKey}' appears twice in section [${cur.name}]; the later value is used`, fix: 'remove one of them (PlatformIO refuses duplicate options)' });
      }
      cur.options.set(curKey, { value: curLines.join('\n').trimEnd(), file, line: curLine });
    }
    curKey = undefined;
    curLines = [];
  };
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    const stripped = raw.trim();
    if (stripped.startsWith(';') || stripped.startsWith('#')) continue;
    const line = stripInlineComment(raw);
    const value = line.trim();
    const indent = raw.length - raw.trimStart().length;
    if (!value) {
      if (curKey !== undefined) curLines.push('');
      continue;
    }
    if (curKey !== undefined && indent > curIndent) {
      curLines.push(value);
      continue;
    }
    const header = /^\[(.+)\]/.exec(value);
    if (header) {
      flush();
      const name = header[1];
      if (seenSections.has(name)) {
        diagnostics.push({ severity: 'warning', file, line: i + 1, message: `section [${name}] appears twice in this file; options are merged`, fix: 'merge the two sections (PlatformIO refuses duplicate sections in one file)' });
        cur = sections.find((s) => s.name === name)!;
      } else {
        cur = { name, file, line: i + 1, options: new Map() };
        sections.push(cur);
        seenSections.add(name);
      }
      continue;
    }
    const opt = /^(.*?)\s*([=:])\s*(.*)$/.exec(value);
    if (!opt || !opt[1]) {
      diagnostics.push({ severity: 'error', file, line: i + 1, message: `cannot parse line: ${value}`, fix: 'write `option = value`, indent continuation lines, or comment the line out with `;`' });
      continue;
    }
    if (!cur) {
      diagnostics.push({ severity: 'error', file, line: i + 1, message: `option '${opt[1]}' before any [section]`, fix: 'put it under a section such as [env]' });
      continue;
    }
    flush();
    curKey = opt[1].trim().toLowerCase();
    curLines = [opt[3]];
    curIndent = indent;
    curLine = i + 1;
  }
  flush();

  // Final parse through `ini`, from a document it cannot misread (escaped section dots, JSON-quoted values).
  const doc: string[] = [];
  for (const s of sections) {
    doc.push(`[${s.name.replace(/\\/g, '\\\\').replace(/\./g, '\\.').replace(/[[\]]/g, '_')}]`);
    for (const [k, o] of s.options) doc.push(`${JSON.stringify(k)} = ${JSON.stringify(o.value)}`);
  }
  const parsed = ini.parse(doc.join('\n')) as Record<string, Record<string, unknown>>;
  for (const s of sections) {
    const obj = parsed[s.name.replace(/[[\]]/g, '_')];
    if (!obj || typeof obj !== 'object') continue;
    for (const [k, o] of s.options) {
      const v = obj[k];
      if (typeof v === 'string') o.value = v;
      else if (typeof v === 'boolean') o.value = String(v);
    }
  }
  return { sections, diagnostics };
}

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
  const reader = new IniLines(file);
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) reader.read(lines[i], i + 1);
  reader.flush();
  confirmWithIni(reader.sections);
  return { sections: reader.sections, diagnostics: reader.diagnostics };
}

/** configparser's reading of a file line by line: sections, options with their indented continuation lines, comments. */
class IniLines {
  readonly diagnostics: Diagnostic[] = [];
  readonly sections: IniSection[] = [];
  private cur: IniSection | undefined;
  private curKey: string | undefined;
  private curLines: string[] = [];
  private curIndent = 0;
  private curLine = 0;

  constructor(private readonly file: string) {}

  read(raw: string, lineNo: number): void {
    const stripped = raw.trim();
    if (stripped.startsWith(';') || stripped.startsWith('#')) return;
    const value = stripInlineComment(raw).trim();
    const indent = raw.length - raw.trimStart().length;
    if (!value) {
      if (this.curKey !== undefined) this.curLines.push('');
      return;
    }
    if (this.curKey !== undefined && indent > this.curIndent) {
      this.curLines.push(value);
      return;
    }
    const header = /^\[(.+)\]/.exec(value);
    if (header) this.openSection(header[1], lineNo);
    else this.openOption(value, indent, lineNo);
  }

  /** Ends the option being read, keeping its value (a later one of the same name wins, with a warning). */
  flush(): void {
    const { cur, curKey, curLines, file } = this;
    if (cur && curKey !== undefined) {
      while (curLines.length > 1 && curLines[curLines.length - 1] === '') curLines.pop();
      if (cur.options.has(curKey)) {
        this.diagnostics.push({ severity: 'warning', file, line: this.curLine, message: `option '${curKey}' appears twice in section [${cur.name}]; the later value is used`, fix: 'remove one of them (PlatformIO refuses duplicate options)' });
      }
      cur.options.set(curKey, { value: curLines.join('\n').trimEnd(), file, line: this.curLine });
    }
    this.curKey = undefined;
    this.curLines = [];
  }

  private openSection(name: string, lineNo: number): void {
    this.flush();
    const known = this.sections.find((s) => s.name === name);
    if (known) {
      this.diagnostics.push({ severity: 'warning', file: this.file, line: lineNo, message: `section [${name}] appears twice in this file; options are merged`, fix: 'merge the two sections (PlatformIO refuses duplicate sections in one file)' });
      this.cur = known;
    } else {
      this.cur = { name, file: this.file, line: lineNo, options: new Map() };
      this.sections.push(this.cur);
    }
  }

  private openOption(value: string, indent: number, lineNo: number): void {
    const opt = /^(.*?)\s*([=:])\s*(.*)$/.exec(value);
    if (!opt || !opt[1]) {
      this.diagnostics.push({ severity: 'error', file: this.file, line: lineNo, message: `cannot parse line: ${value}`, fix: 'write `option = value`, indent continuation lines, or comment the line out with `;`' });
      return;
    }
    if (!this.cur) {
      this.diagnostics.push({ severity: 'error', file: this.file, line: lineNo, message: `option '${opt[1]}' before any [section]`, fix: 'put it under a section such as [env]' });
      return;
    }
    this.flush();
    this.curKey = opt[1].trim().toLowerCase();
    this.curLines = [opt[3]];
    this.curIndent = indent;
    this.curLine = lineNo;
  }
}

/** The values as `ini` reads them, from a document it cannot misread (escaped section dots, JSON-quoted values). */
function confirmWithIni(sections: IniSection[]): void {
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
}

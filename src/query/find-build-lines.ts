// Build-aware content matches: whether the build compiles a matched line. Code lines answer from the
// lines the index recorded; preprocessor lines (stripped before recording) answer from the conditional
// decisions: an #if/#elif/#else/#endif line counts when its group was evaluated in live code, any other
// directive when the branch holding it was taken (or it sits outside every conditional).
import type { FileLinesRow, IndexReader } from '../index/index-reader.js';
import { LineSet } from '../model/line-ranges.js';

interface DirectiveInfo {
  conditional: boolean;
  /** Conditional: the line of its group's #if. Other: the head line of the branch holding it, 0 at file level. */
  ref: number;
}

const DIRECTIVE = /^\s*#\s*([a-z_]+)/;

/** Every line that belongs to a preprocessor directive (continuation lines included), with what decides it. */
export function directiveLines(text: string): Map<number, DirectiveInfo> {
  const out = new Map<number, DirectiveInfo>();
  const stack: { head: number; branch: number }[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = DIRECTIVE.exec(lines[i]);
    if (!m) continue;
    const line = i + 1;
    const kind = m[1];
    let info: DirectiveInfo;
    if (kind === 'if' || kind === 'ifdef' || kind === 'ifndef') {
      info = { conditional: true, ref: line };
      stack.push({ head: line, branch: line });
    } else if (kind === 'elif' || kind === 'else' || kind === 'elifdef' || kind === 'elifndef') {
      const top = stack[stack.length - 1];
      info = { conditional: true, ref: top?.head ?? 0 };
      if (top) top.branch = line;
    } else if (kind === 'endif') {
      info = { conditional: true, ref: stack.pop()?.head ?? 0 };
    } else {
      info = { conditional: false, ref: stack[stack.length - 1]?.branch ?? 0 };
    }
    out.set(line, info);
    while (lines[i].replace(/\r$/, '').endsWith('\\') && i + 1 < lines.length) out.set(++i + 1, info);
  }
  return out;
}

/** Answers "does this build compile line N of this file" for the files of one build. */
export class BuildLines {
  private readonly cache = new Map<string, ((line: number) => boolean | undefined) | null>();

  constructor(
    private readonly reader: IndexReader,
    readonly buildId: number,
  ) {}

  /** Null when the build does not read the file; else a per-line answer (undefined: cannot tell). */
  forFile(path: string, text: () => string | null): ((line: number) => boolean | undefined) | null {
    if (this.cache.has(path)) return this.cache.get(path)!;
    const row = this.reader.fileLines(this.buildId, path);
    const answer = row ? lineAnswer(row, text) : null;
    this.cache.set(path, answer);
    return answer;
  }
}

function lineAnswer(row: FileLinesRow, text: () => string | null): (line: number) => boolean | undefined {
  const active = new LineSet(row.active);
  const evaluated = new LineSet(row.evaluated);
  const taken = new LineSet(row.taken);
  let directives: Map<number, DirectiveInfo> | null = null;
  return (line) => {
    if (active.has(line)) return true;
    directives ??= directiveLines(text() ?? '');
    const d = directives.get(line);
    if (!d) return false;
    if (!row.decisionsRecorded) return undefined;
    if (d.conditional) return evaluated.has(d.ref);
    return d.ref === 0 || taken.has(d.ref);
  };
}

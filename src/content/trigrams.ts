// Text a query implies for the trigram index: a literal itself, and for a regex the literal runs every
// match must contain (per top-level alternative). Nothing implied means the caller scans every file.

/** Index of the character closing the bracket or group opened at `i` (escapes and classes respected). */
function skipBalanced(src: string, i: number): number {
  if (src[i] === '[') {
    for (let j = i + 1; j < src.length; j++) {
      if (src[j] === '\\') j++;
      else if (src[j] === ']' && j > i + 1) return j;
    }
    return src.length;
  }
  let depth = 0;
  for (let j = i; j < src.length; j++) {
    const c = src[j];
    if (c === '\\') j++;
    else if (c === '[') j = skipBalanced(src, j);
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return j;
  }
  return src.length;
}

/** Splits at top-level `|`. */
function alternatives(src: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') i++;
    else if (c === '[' || c === '(') i = skipBalanced(src, i);
    else if (c === '|') {
      out.push(src.slice(start, i));
      start = i + 1;
    }
  }
  out.push(src.slice(start));
  return out;
}

const QUANTIFIER = /^(\*|\+|\?|\{\d+(,\d*)?\})\??/;

/** Literal runs every match of one alternative (no top-level `|`) must contain. */
function requiredRuns(alt: string): string[] {
  const runs: string[] = [];
  let run = '';
  const cut = () => {
    if (run) runs.push(run);
    run = '';
  };
  for (let i = 0; i < alt.length; ) {
    const c = alt[i];
    let atom: string | null = null;
    let next = i + 1;
    if (c === '\\') {
      const e = alt[i + 1] ?? '';
      next = i + 2;
      // Escaped punctuation is itself; letters and digits are classes, anchors, back-references or codes.
      if (e && !/[A-Za-z0-9]/.test(e)) atom = e;
    } else if (c === '[' || c === '(') {
      next = skipBalanced(alt, i) + 1;
    } else if (!'.^$*+?{}|)'.includes(c)) {
      atom = c;
    }
    const q = QUANTIFIER.exec(alt.slice(next));
    if (q) {
      next += q[0].length;
      const min = q[1] === '+' ? 1 : q[1].startsWith('{') ? Number(q[1].slice(1)) : 0;
      // A repeated atom that must appear once still ends the run: what follows need not be adjacent to one copy.
      if (atom !== null && min >= 1) run += atom;
      cut();
    } else if (atom === null) {
      cut();
    } else {
      run += atom;
    }
    i = next;
  }
  cut();
  return runs;
}

/**
 * Literal runs (3 characters or more) of a regex source: one AND-group per top-level alternative, or null
 * when some alternative implies none (then every file must be scanned).
 */
export function regexLiteralRuns(source: string): string[][] | null {
  const groups: string[][] = [];
  for (const alt of alternatives(source)) {
    const runs = requiredRuns(alt).filter((r) => [...r].length >= 3);
    if (runs.length === 0) return null;
    groups.push(runs);
  }
  return groups;
}

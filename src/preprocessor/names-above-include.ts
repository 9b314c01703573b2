// The names a header's text names above its #includes (code lines and directives; comments and literals left out):
// a #define of a file first read through one of its #includes reaches the header's code only below that #include
// (see UnitWalker.scopeInclude and header-define-scope.ts), which matters where the header names the name above it.
import { lastIncludeBelow, offsetPastLine, type FileSkeleton } from './file-skeleton.js';
import { scanCode } from './code-scan.js';

/** Per skeleton: the names its #defines set (see definedNames). */
const definesOf = new WeakMap<FileSkeleton, ReadonlySet<string>>();

/** The names a file's #defines set, wherever they are. */
export function definedNames(sk: FileSkeleton): ReadonlySet<string> {
  let names = definesOf.get(sk);
  if (names === undefined) {
    const out = new Set<string>();
    for (const d of sk.directives) if (d.kind === 'define' && d.macro !== undefined) out.add(d.macro.name);
    definesOf.set(sk, (names = out));
  }
  return names;
}

/** Per skeleton with code above an #include: each name its head names, with the first line naming it. */
const heads = new WeakMap<FileSkeleton, ReadonlyMap<string, number>>();

/**
 * Of a file with code above one of its #includes (see FileSkeleton.firstCode): each name its text names down to the
 * last such #include, with the first line naming it. Undefined for another file, or when its text cannot be read.
 */
export function namesAboveIncludes(sk: FileSkeleton, text: () => string | undefined): ReadonlyMap<string, number> | undefined {
  if (sk.firstCode === undefined) return undefined;
  let names = heads.get(sk);
  if (names !== undefined) return names;
  const last = lastIncludeBelow(sk.directives, sk.firstCode);
  const t = last && text();
  if (t === undefined || last === undefined) return undefined;
  // The head alone is scanned: a device header's 400 000 #defines below its #include are not.
  const code = scanCode(t.slice(0, offsetPastLine(t, last.endLine)));
  const ids = code.idents;
  const starts = code.lineStarts;
  const out = new Map<string, number>();
  let line = 1;
  for (let k = 0; k < ids.length; k += 2) {
    while (line < starts.length && starts[line] <= ids[k]) line++;
    const name = code.noComments.substr(ids[k], ids[k + 1]);
    if (!out.has(name)) out.set(name, line);
  }
  heads.set(sk, (names = out));
  return names;
}

// The compiler binary a compile command runs: the command without a leading wrapper (ccache, distcc…) and
// the binary's identity (resolved path, size, mtime), which keys what is learnt from asking it.
import fs from 'node:fs';
import path from 'node:path';

/** Compiler wrappers that take the real compiler as first argument. */
export const COMPILER_WRAPPERS = new Set(['ccache', 'sccache', 'distcc', 'icecc']);

/** argv without a leading compiler wrapper (ccache gcc ... → gcc ...). */
export function stripWrapper(argv: string[]): string[] {
  let a = argv;
  while (a.length > 1 && COMPILER_WRAPPERS.has(path.basename(a[0]))) a = a.slice(1);
  return a;
}

/** Resolved path, size and mtime of a compiler as the shell would find it, or null when it is not found. */
export function compilerIdentity(compiler: string, cwd: string): string | null {
  const candidates = compiler.includes('/')
    ? [path.resolve(cwd, compiler)]
    : (process.env.PATH ?? '').split(path.delimiter).filter(Boolean).map((d) => path.join(d, compiler));
  for (const c of candidates) {
    try {
      const real = fs.realpathSync(c);
      const st = fs.statSync(real);
      if (st.isFile()) return `${real}\0${st.size}\0${st.mtimeMs}`;
    } catch {
      // not here
    }
  }
  return null;
}

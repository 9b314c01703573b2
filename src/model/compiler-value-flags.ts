// The GCC/Clang flags that take a value, joined to the flag (`-Idir`, `--define-macro=X`) or as the next argument
// (`-I dir`): one table, read by parseCompileArgs and commandWithoutOwnFiles so that both take the same arguments as
// values. Leaves out flags whose value is only ever joined (`-Wl,…`, `-std=`, `-iplugindir=`) and GCC's
// abbreviations of long options (`--include-dir`).

/** Flags whose value parseCompileArgs reads (include folders, macros, forced includes, language, sysroot; armcc's CPU and FPU). */
export const READ_FLAGS = ['-I', '-D', '-U', '-include', '-imacros', '-iquote', '-isystem', '-idirafter', '-isysroot', '--sysroot', '-x', '--cpu', '--fpu'] as const;
export type ReadFlag = (typeof READ_FLAGS)[number];

/** Flags naming a file the compile writes (or its make target): no part of what a unit is compiled with. */
const OUTPUT_FLAGS = ['-o', '-MF', '-MT', '-MQ', '-MJ'];

/**
 * Flags whose value the index does not read: the linker's and assembler's (`-Xlinker`, `-T`, `-l`, `-u`, `-z`, `-e`),
 * the driver's (`-B`, `-specs`, `-wrapper`, dump names), precompiled headers, assertions (`-A`), the prefixed and
 * multilib include folders, and Clang's target and LLVM options.
 */
const SKIPPED_FLAGS = [
  '-Xlinker', '-Xassembler', '-T', '-L', '-l', '-u', '-z', '-e', '-G', '-A', '-B', '-specs', '-wrapper', '--param',
  '-dumpbase', '-dumpbase-ext', '-dumpdir', '-aux-info', '-include-pch', '-iprefix', '-iwithprefix', '-iwithprefixbefore',
  '-imultilib', '-imultiarch', '-iframework', '-iwithsysroot', '-isystem-after', '-cxx-isystem', '-ivfsoverlay', '-F',
  '-target', '-arch', '-mllvm', '-gcc-toolchain',
];

/** GCC's long spellings of the flags above (`--define-macro X` is `-D X`), and armcc's `--preinclude`. */
const LONG_FLAGS: Record<string, string> = {
  '--include-directory': '-I', '--define-macro': '-D', '--undefine-macro': '-U', '--include': '-include', '--imacros': '-imacros',
  '--include-directory-after': '-idirafter', '--language': '-x', '--output': '-o', '--assert': '-A', '--prefix': '-B',
  '--include-prefix': '-iprefix', '--include-with-prefix': '-iwithprefix', '--include-with-prefix-before': '-iwithprefixbefore',
  '--for-linker': '-Xlinker', '--for-assembler': '-Xassembler', '--force-link': '-u', '--entry': '-e', '--specs': '-specs',
  // armcc's spelling of -include.
  '--preinclude': '-include',
};

/**
 * Flags whose value is an option the compiler proper reads as written (`-Xpreprocessor -DX` defines X): the value is
 * read as the next argument, and a flag given this way takes its own value the same way (`-Xclang -include -Xclang f`).
 */
const PASS_THROUGH_FLAGS = new Set(['-Xpreprocessor', '-Xclang']);

export type FlagValueUse = 'read' | 'output' | 'skip';

/** Every spelling of a flag that takes a value: the flag as the table names it, and what its value is to the index. */
export const VALUE_FLAGS: ReadonlyMap<string, { flag: string; use: FlagValueUse }> = (() => {
  const m = new Map<string, { flag: string; use: FlagValueUse }>();
  for (const [flags, use] of [[READ_FLAGS, 'read'], [OUTPUT_FLAGS, 'output'], [SKIPPED_FLAGS, 'skip']] as const) for (const f of flags) m.set(f, { flag: f, use });
  for (const [long, flag] of Object.entries(LONG_FLAGS)) m.set(long, m.get(flag)!);
  return m;
})();

/** Read flags their value may follow in the same argument (`-Idir`, `-xc`), longest first, by their second character. */
const JOINED = new Map<string, ReadFlag[]>();
for (const f of [...READ_FLAGS].sort((a, b) => b.length - a.length)) if (!f.startsWith('--')) JOINED.set(f[1], [...(JOINED.get(f[1]) ?? []), f]);

export interface FlagWithValue {
  flag: string;
  use: FlagValueUse;
  /** Undefined when the command line ends before it. */
  value: string | undefined;
  /** Index of the value when it is an argument of its own. */
  valueAt: number | undefined;
  /** Index of the last argument the flag and its value take. */
  last: number;
}

/**
 * Where the value of the flag argv[i] is when it is an argument of its own (`-I dir`; after a second `-Xclang` when
 * the flag was passed through one), or undefined when argv[i] is no flag of the table written alone. `at` may be
 * past the end of argv.
 */
export function separateValue(argv: readonly string[], i: number): { flag: string; use: FlagValueUse; at: number } | undefined {
  const own = VALUE_FLAGS.get(argv[i]);
  if (!own) return undefined;
  const through = argv[i - 1];
  const at = i > 1 && PASS_THROUGH_FLAGS.has(through) && argv[i + 1] === through ? i + 2 : i + 1;
  return { flag: own.flag, use: own.use, at };
}

/**
 * The flag of the table that argv[i] is, with its value wherever written, or undefined when it is none. A value
 * joined to a flag whose value the index does not use is no business of the table: `--specs=x` is an argument as
 * any other (a target flag).
 */
export function flagWithValue(argv: readonly string[], i: number): FlagWithValue | undefined {
  const apart = separateValue(argv, i);
  if (apart) {
    const { flag, use, at } = apart;
    return at < argv.length ? { flag, use, value: argv[at], valueAt: at, last: at } : { flag, use, value: undefined, valueAt: undefined, last: argv.length - 1 };
  }
  const a = argv[i];
  if (a[0] !== '-') return undefined;
  if (a[1] === '-') {
    const eq = a.indexOf('=');
    const long = eq > 0 ? VALUE_FLAGS.get(a.slice(0, eq)) : undefined;
    return long && long.use !== 'skip' ? { flag: long.flag, use: long.use, value: a.slice(eq + 1), valueAt: undefined, last: i } : undefined;
  }
  const joined = JOINED.get(a[1]);
  if (joined) for (const f of joined) if (a.startsWith(f)) return { flag: f, use: 'read', value: a.slice(f.length), valueAt: undefined, last: i };
  return undefined;
}

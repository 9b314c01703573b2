// The suffixes that name C and C++ files (GCC's, Arduino's sketches, the text #included by either) and the other
// sources a compile names: one definition for the compile-line reader and the queries that sort files by name.
// Suffixes match in any case (`.C`, `.CPP`; `.S`: assembler the preprocessor reads first).

/** C++ sources: GCC's suffixes and Arduino's sketches. */
export const CXX_SOURCE_SUFFIXES: readonly string[] = ['.cc', '.cpp', '.cxx', '.c++', '.cp', '.ino'];
/** C++ headers and the templates they include. */
export const CXX_HEADER_SUFFIXES: readonly string[] = ['.hh', '.hpp', '.hxx', '.h++', '.ipp', '.tpp'];
/** C and C++ sources. */
export const C_FAMILY_SOURCE_SUFFIXES: readonly string[] = ['.c', ...CXX_SOURCE_SUFFIXES];
/** Text #included by C or C++ (headers, included tables and inline definitions). */
export const INCLUDED_SUFFIXES: readonly string[] = ['.h', '.inc', '.inl', ...CXX_HEADER_SUFFIXES];
/** Assembler sources a compiler driver takes (`.S`/`.sx` preprocessed first). */
export const ASSEMBLER_SUFFIXES: readonly string[] = ['.s', '.sx'];
/** Objective-C sources (GCC takes them as units too). */
export const OBJC_SUFFIXES: readonly string[] = ['.m', '.mm'];

const CXX = new Set([...CXX_SOURCE_SUFFIXES, ...CXX_HEADER_SUFFIXES]);
const C_FAMILY_SOURCE = new Set(C_FAMILY_SOURCE_SUFFIXES);
const INCLUDED = new Set(INCLUDED_SUFFIXES);
const C_FAMILY = new Set([...C_FAMILY_SOURCE_SUFFIXES, ...INCLUDED_SUFFIXES]);
const ASSEMBLER = new Set(ASSEMBLER_SUFFIXES);
const COMPILED = new Set([...C_FAMILY_SOURCE_SUFFIXES, ...ASSEMBLER_SUFFIXES, ...OBJC_SUFFIXES]);

/** The suffix of a file's name, lowercased (`.c++`), or '' when its name has none (a leading dot is no suffix). */
export function suffixOf(file: string): string {
  const dot = file.lastIndexOf('.');
  const slash = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
  return dot > slash + 1 ? file.slice(dot).toLowerCase() : '';
}

/** A C++ source or header. */
export const isCxxFile = (file: string): boolean => CXX.has(suffixOf(file));
/** A C or C++ source (a compile unit of either language). */
export const isCFamilySource = (file: string): boolean => C_FAMILY_SOURCE.has(suffixOf(file));
/** A file C or C++ #includes (a header). */
export const isIncludedFile = (file: string): boolean => INCLUDED.has(suffixOf(file));
/** A C or C++ source or a file they #include. */
export const isCFamilyFile = (file: string): boolean => C_FAMILY.has(suffixOf(file));
/** An assembler source. */
export const isAssemblerSource = (file: string): boolean => ASSEMBLER.has(suffixOf(file));
/** A source a compile names as its unit: C, C++, assembler or Objective-C. */
export const isCompiledSource = (file: string): boolean => COMPILED.has(suffixOf(file));

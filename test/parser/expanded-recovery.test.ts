// Declarations the masked parse lost at a field-list macro are read from the expanded text; where the expansion
// does not parse either, the masked reading stays.
import { describe, expect, it } from 'vitest';
import { extractFile } from '../../src/indexer/extract-file.js';
import { extractSymbols } from '../../src/parser/extract-symbols.js';
import type { MacroInvocation } from '../../src/preprocessor/macro-invocations.js';

/** The masked text of the Mbed TLS-style header: directives blanked, line numbers kept. */
const text = ['', '', '', '', 'union labels_union {', '    LABEL_LIST', '};', 'struct labels_struct {', '    LABEL_LIST', '};', '', 'extern const struct labels_struct labels;', 'int use_labels(void);', ''].join('\n');

/** The two LABEL_LIST invocations with `expansion`. */
function invocations(expansion: string): MacroInvocation[] {
  const out: MacroInvocation[] = [];
  for (let at = text.indexOf('LABEL_LIST'); at >= 0; at = text.indexOf('LABEL_LIST', at + 1)) {
    out.push({ name: 'LABEL_LIST', start: at, end: at + 'LABEL_LIST'.length, line: text.slice(0, at).split('\n').length, column: 4, objectLike: true, expansion });
  }
  return out;
}

const extract = (expansion: string) => extractFile(text, { relPath: 'labels.h', language: 'c', fileText: text, invocations: invocations(expansion) });
const rows = (symbols: { qualifiedName: string; kind: string; line: number; column: number; viaMacro?: string | null }[]) =>
  symbols.map((s) => `${s.kind} ${s.qualifiedName} ${s.line}:${s.column}${s.viaMacro ? ` via ${s.viaMacro}` : ''}`).sort();

describe('recovery from the expanded reading', () => {
  it('two aggregates whose body is a field-list macro, the fields it writes and the declarations after them', () => {
    const ex = extract('const unsigned char finished[sizeof("finished") - 1]; const unsigned char key[sizeof("key") - 1];');
    expect(rows(ex.symbols)).toEqual([
      'field labels_struct::finished 9:5 via LABEL_LIST',
      'field labels_struct::key 9:5 via LABEL_LIST',
      'field labels_union::finished 6:5 via LABEL_LIST',
      'field labels_union::key 6:5 via LABEL_LIST',
      'function use_labels 13:1',
      'struct labels_struct 8:1',
      'union labels_union 5:1',
      'varglobal labels 12:35',
    ]);
    expect(ex.symbols.find((s) => s.name === 'labels')?.isDefinition).toBe(false);
    expect(ex.errors).toEqual([]);
    expect(new Set(ex.symbols.map((s) => s.stableId)).size).toBe(ex.symbols.length);
  });

  it('an expansion that does not parse either leaves the masked reading, but for what is written after it', () => {
    const ex = extract('LABEL(finished, "finished") LABEL(key, "key")');
    const masked = extractSymbols(text, { relPath: 'labels.h', language: 'c' });
    // The extern the masked parse took for a field of the broken aggregates is read as written.
    expect(rows(masked.symbols)).toContain('field labels 12:35');
    expect(rows(ex.symbols)).toEqual(rows(masked.symbols).map((r) => (r === 'field labels 12:35' ? 'varglobal labels 12:35' : r)).sort());
    expect(ex.errors).toEqual(masked.errors);
  });
});

describe('a class a macro writes (libstdc++ _Cxx_hashtable_define_trivial_hash)', () => {
  it('is read once, its operator() a method of it', async () => {
    const { BuildMacroTable } = await import('../../src/preprocessor/build-macro-table.js');
    const { findInvocations } = await import('../../src/preprocessor/macro-invocations.js');
    const body = 'template<> struct hash<_Tp> : public __hash_base<size_t, _Tp> { size_t operator()(_Tp __val) const noexcept { return static_cast<size_t>(__val); } };';
    const table = new BuildMacroTable([{ name: 'DEFINE_HASH', params: '(_Tp)', value: body, functionLike: true, file: '/p/m.h', line: 1, expandedValue: null, docstring: '' }]);
    const src = 'namespace std {\ntemplate<typename R, typename A> struct __hash_base { };\n  DEFINE_HASH(bool)\n  DEFINE_HASH(char)\n}\n';
    const { invocations } = findInvocations(src, '/p/f.h', table);
    expect(invocations.map((i) => i.expansion)).toEqual(expect.arrayContaining([expect.stringContaining('operator() (bool __val)')]));
    const ex = extractFile(src, { relPath: 'f.h', language: 'cpp', fileText: src, invocations });
    expect(rows(ex.symbols)).toEqual([
      'method std::hash::operator() 3:3 via DEFINE_HASH',
      'method std::hash::operator() 4:3 via DEFINE_HASH',
      'namespace std 1:1',
      'struct std::__hash_base 2:34',
      'struct std::hash 3:3 via DEFINE_HASH',
      'struct std::hash 4:3 via DEFINE_HASH',
    ]);
  });
});

describe('a function read again for a parameter-list piece (NetX Duo NX_CLEANUP_PARAMETER)', () => {
  it('is no symbol of the macro that wrote its return type', async () => {
    const { BuildMacroTable } = await import('../../src/preprocessor/build-macro-table.js');
    const { findInvocations } = await import('../../src/preprocessor/macro-invocations.js');
    const def = (name: string, value: string) => ({ name, params: null, value, functionLike: false, file: '/p/api.h', line: 1, expandedValue: null, docstring: '' });
    const table = new BuildMacroTable([def('VOID', 'void'), def('CLEANUP_PARAMETER', ', unsigned long suspension_sequence')]);
    const src = 'typedef struct T { int s; } T;\nVOID pool_cleanup(T *thread_ptr CLEANUP_PARAMETER)\n{\n}\n';
    const { invocations } = findInvocations(src, '/p/f.c', table);
    const ex = extractFile(src, { relPath: 'f.c', language: 'c', fileText: src, invocations });
    expect(ex.errors).toEqual([]);
    expect(rows(ex.symbols)).toContain('function pool_cleanup 2:1');
    expect(ex.symbols.find((s) => s.name === 'pool_cleanup')?.signature).toBe('void pool_cleanup(T *thread_ptr , unsigned long suspension_sequence )');
  });
});

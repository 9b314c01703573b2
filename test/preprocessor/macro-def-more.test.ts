// A definition's rarely set fields (canonical definition, value memo, key) live in a MacroDefMore record: the
// definitions that are canonical and valued once share one, and each field reads back as set.
import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { canonicalDefinition, forgetAllDefinitions, MacroDef, parseDefine } from '../../src/preprocessor/macro-definition.js';

const define = (text: string, line = 1): MacroDef => parseDefine(text, '/dev.h', line).def!;
const moreOf = (d: MacroDef): unknown => (d as unknown as { more: unknown }).more;

describe('MacroDef side record', () => {
  it('definitions canonical to themselves and valued once share one record', () => {
    forgetAllDefinitions();
    const defs = Array.from({ length: 1000 }, (_, k) => define(`PERIPH_R${k}_Msk (0xFUL << ${k % 32})`, k + 1));
    for (const d of defs) {
      expect(canonicalDefinition(d)).toBe(d);
      d.valueCache = null;
    }
    expect(new Set(defs.map(moreOf)).size).toBe(1);
    for (const d of defs) {
      expect(d.canon).toBe(d);
      expect(d.valueCache).toBeNull();
      expect(d.key).toBeUndefined();
      expect(d.endLine).toBe(d.line);
    }
    forgetAllDefinitions();
  });

  it('each field reads back as set, the others kept, without changing another definition', () => {
    forgetAllDefinitions();
    const a = define('A(x) ((x) + 1)', 10);
    const b = define('B 2', 20);
    const first = define('A(x) ((x) + 1)', 5);
    expect(canonicalDefinition(first)).toBe(first);
    expect(canonicalDefinition(a)).toBe(first);
    expect(canonicalDefinition(b)).toBe(b);
    a.endLine = 12;
    a.key = 'k';
    const memo = { names: ['x'], defs: [undefined], value: '3' };
    a.valueCache = memo;
    expect([a.canon, a.endLine, a.key, a.valueCache]).toEqual([first, 12, 'k', memo]);
    expect([a.params, a.paramsText, a.variadic, a.valueText]).toEqual([['x'], '(x)', false, '((x) + 1)']);
    expect([b.canon, b.endLine, b.key, b.valueCache]).toEqual([b, 20, undefined, undefined]);
    expect([first.canon, first.endLine, first.key, first.valueCache]).toEqual([first, 5, undefined, undefined]);
    forgetAllDefinitions();
  });

  it('a definition kept as plain data is revived with its parameters, replacement and last line', () => {
    const f = define('F(fmt, ...) printf(fmt, __VA_ARGS__)', 3);
    f.endLine = 4;
    const o = define('O', 7);
    const [rf, ro] = (v8.deserialize(v8.serialize([f, o])) as MacroDef[]).map((d) => MacroDef.revive(d));
    expect([rf.name, rf.params, rf.variadic, rf.paramsText, rf.valueText, rf.line, rf.endLine]).toEqual(['F', ['fmt', '__VA_ARGS__'], true, '(fmt, ...)', 'printf(fmt, __VA_ARGS__)', 3, 4]);
    expect([ro.name, ro.params, ro.emptyBody, ro.valueText, ro.endLine]).toEqual(['O', null, true, '', 7]);
  });
});

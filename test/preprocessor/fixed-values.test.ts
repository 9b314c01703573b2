// Values of definitions that consult no macro are worked out once per distinct object-like replacement: a device
// header's #defines repeat a few thousand replacements, and every unit that makes a view of it values them; a
// definition valued once is found again without its replacement's text being cut again.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MacroDef, parseDefine } from '../../src/preprocessor/macro-definition.js';
import { valueWithoutEnvironment } from '../../src/preprocessor/unit-result.js';
import { fixedValue } from '../../src/preprocessor/fixed-values.js';

const define = (text: string, line = 1): MacroDef => parseDefine(text, '/dev.h', line).def!;

describe('values of definitions no macro decides', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lexes and evaluates each distinct object-like replacement once', () => {
    const defs = Array.from({ length: 640 }, (_, k) => define(`FV_R${k}_Msk (0xFUL << ${k % 32})`, k + 1));
    const lexed = vi.spyOn(MacroDef.prototype, 'lexedBody');
    const values = defs.map((d) => valueWithoutEnvironment(d));
    expect(values.slice(0, 3)).toEqual(['15', '30', '60']);
    expect(values[33]).toBe('30');
    expect(lexed.mock.calls.length).toBe(32);
  });

  it('remembers a replacement other macros decide, and one with no value', () => {
    const decided = [define('FV_A (FV_BASE + 4)'), define('FV_B (FV_BASE + 4)', 2)];
    const none = [define('FV_S "text"', 3), define('FV_T "text"', 4)];
    const lexed = vi.spyOn(MacroDef.prototype, 'lexedBody');
    expect(decided.map((d) => valueWithoutEnvironment(d))).toEqual([undefined, undefined]);
    expect(none.map((d) => valueWithoutEnvironment(d))).toEqual([null, null]);
    expect(lexed.mock.calls.length).toBe(2);
  });

  it('values function-like definitions by their parameters and body, each distinct pair lexed once', () => {
    const [f, f2, f3, g] = ['FV_F(x) x + 1', 'FV_F2(x) x + 1', 'FV_F3(y) x + 1', 'FV_G(x) fv_call(x)'].map((t) => define(t));
    const lexed = vi.spyOn(MacroDef.prototype, 'lexedBody');
    expect([f, f2].map((d) => valueWithoutEnvironment(d))).toEqual([null, null]);
    expect(lexed.mock.calls.length).toBe(1);
    expect(valueWithoutEnvironment(f3)).toBeNull();
    expect(lexed.mock.calls.length).toBe(2);
    expect(valueWithoutEnvironment(g)).toBeUndefined();
  });

  it('finds a definition valued before without cutting its replacement text again', () => {
    const cases: [string, string | null | undefined][] = [['FV_E (4U)', '4'], ['FV_H FV_E', undefined], ['FV_J(x) "text"', null]];
    for (const [text, value] of cases) {
      const d = define(text);
      expect(fixedValue(d)).toBe(value);
      Object.defineProperty(d, 'valueText', { get: () => { throw new Error('replacement text cut again'); } });
      expect(fixedValue(d)).toBe(value);
    }
    // Another definition of the same replacement is worked out from its text, as the first.
    expect(fixedValue(define('FV_K (4U)'))).toBe('4');
  });

  it('gives no value, without expanding, to a replacement ending in a call through a parameter', () => {
    // Atmel's repeat chains: whatever MREPEAT1 expands to, the expansion ends in `macro(1, data)`, a call through a
    // parameter, so it is no wrapper; valuing the 257 of a chain by expanding each took seconds.
    const none = ['FV_REP2(macro, data) FV_REP1(macro, data) macro(1, data)', 'FV_CB(f, x) (void)0, f((x), 2)', 'FV_ONLY(cb) cb()'];
    for (const text of none) expect(fixedValue(define(text))).toBeNull();
    // A call of a function, or a parameter's call inside one, or arguments naming other macros: decided by expanding.
    const decided = ['FV_W(x) fv_call(x)', 'FV_IN(f, x) fv_call(f(x))', 'FV_ARG(f) f(FV_OTHER)', 'FV_TAIL(f, x) FV_PICK(f, x)'];
    for (const text of decided) expect(fixedValue(define(text))).toBeUndefined();
  });
});

// An index run raises V8's interrupt budget fourfold on a machine whose load average leaves it no core to spare, and
// twofold with one, where V8's compiler threads run beside the run's own thread.
import { afterEach, describe, expect, it } from 'vitest';
import { shortRunBudget, tieringFrom } from '../../src/indexer/short-run-tiering.js';

const FROM = tieringFrom.spareCores;
const V8_BUDGET = 67_584;

describe('the interrupt budget of an index run', () => {
  afterEach(() => {
    tieringFrom.spareCores = FROM;
  });

  it("is four times V8's with no core to spare and twice it with one", () => {
    expect(shortRunBudget(-3)).toBe(4 * V8_BUDGET);
    expect(shortRunBudget(FROM - 0.01)).toBe(4 * V8_BUDGET);
    expect(shortRunBudget(FROM)).toBe(2 * V8_BUDGET);
    expect(shortRunBudget(1.5)).toBe(2 * V8_BUDGET);
  });

  it('follows tieringFrom.spareCores', () => {
    tieringFrom.spareCores = Number.POSITIVE_INFINITY;
    expect(shortRunBudget(64)).toBe(4 * V8_BUDGET);
    tieringFrom.spareCores = Number.NEGATIVE_INFINITY;
    expect(shortRunBudget(-64)).toBe(2 * V8_BUDGET);
  });
});

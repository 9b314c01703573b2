// A serve refresh started without calls: a FreshnessKeeper watching (or polling) a project sees a change and
// re-indexes once. Shared by the background-refresh tests.
import { expect } from 'vitest';
import { FreshnessKeeper, type KeepFreshOptions } from '../../src/mcp/keep-fresh.js';
import { until } from './until.js';

/**
 * A keeper with `options` watching `root` (pushed on `keepers`, which the test closes) whose first refresh ends
 * done after `change` ran: that refresh, and no second one when it checks again with nothing changed since.
 */
export async function refreshedOnce(keepers: FreshnessKeeper[], root: string, options: KeepFreshOptions, change: () => void): Promise<void> {
  const keeper = new FreshnessKeeper(options);
  keepers.push(keeper);
  keeper.watch(root);
  change();
  const state = await until(() => {
    const st = keeper.state(root);
    return st.lastOutcome ? st : null;
  });
  expect(state).toMatchObject({ lastOutcome: 'done', runs: 1 });
  keeper.check(root);
  expect(keeper.state(root)).toMatchObject({ running: false, runs: 1 });
}

// A task run alone on the worker pool (task-gate.ts) starts once no other task is out and holds later ones back
// until it settles, also when it fails; tasks run alone go one after another.
import { describe, expect, it } from 'vitest';
import { TaskGate } from '../../src/indexer/task-gate.js';

/** A task the test settles, and what the tasks did, in order. */
function tasks(log: string[]) {
  const open = new Map<string, { resolve: () => void; reject: (e: Error) => void }>();
  const send = (name: string) => () => {
    log.push(`start ${name}`);
    return new Promise<void>((resolve, reject) => open.set(name, { resolve, reject })).then(() => void log.push(`end ${name}`));
  };
  return { send, end: (name: string) => open.get(name)!.resolve(), fail: (name: string) => open.get(name)!.reject(new Error(`${name} failed`)) };
}

const turns = async (n = 10) => {
  for (let i = 0; i < n; i++) await Promise.resolve();
};

describe('tasks run alone on the pool', () => {
  it('wait for the tasks out, hold later ones back, and go one after another (also after one fails)', async () => {
    const log: string[] = [];
    const gate = new TaskGate();
    const t = tasks(log);
    const a = gate.shared(t.send('a'));
    const b = gate.shared(t.send('b'));
    const solo1 = gate.solo(t.send('solo1')).catch((e: Error) => void log.push(e.message));
    const solo2 = gate.solo(t.send('solo2'));
    const c = gate.shared(t.send('c'));
    await turns();
    expect(log).toEqual(['start a', 'start b']);
    t.end('a');
    await turns();
    expect(log).toEqual(['start a', 'start b', 'end a']);
    t.end('b');
    await turns();
    expect(log.slice(3)).toEqual(['end b', 'start solo1']);
    t.fail('solo1');
    await turns();
    expect(log.slice(5)).toEqual(['solo1 failed', 'start solo2']);
    t.end('solo2');
    await turns();
    expect(log.slice(7)).toEqual(['end solo2', 'start c']);
    t.end('c');
    await Promise.all([a, b, solo1, solo2, c]);
    expect(log.at(-1)).toBe('end c');
  });
});

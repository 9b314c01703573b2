// What names the code that made a kept form (parsed definitions, skeletons, implicit macros): the size and mtime of
// the modules whose code decides it, so that new code makes the form again instead of reading an old one.
import fs from 'node:fs';
import path from 'node:path';
import { sha1 } from './sha1.js';

const memo = new Map<string, string>();

/** One line per module of `dir` (`name\0size\0mtime`, or `name\0missing`), read once per process. */
export function moduleStamps(dir: string, modules: readonly string[]): string {
  const key = `${dir}\0${modules.join('\0')}`;
  let text = memo.get(key);
  if (text === undefined) {
    text = '';
    for (const m of modules) {
      // Joined, not path.join'ed (its normalizing was ~2.5 ms of a .c edit's run, cold): the same file for stat.
      const st = fs.statSync(`${dir}${path.sep}${m}`, { throwIfNoEntry: false });
      text += st ? `${m}\0${st.size}\0${st.mtimeMs}\n` : `${m}\0missing\n`;
    }
    memo.set(key, text);
  }
  return text;
}

const hashed = new Map<string, string>();

/** The sha1 of moduleStamps(dir, modules), made once per process: the stamp a kept form carries. */
export function moduleCodeStamp(dir: string, modules: readonly string[]): string {
  const key = `${dir}\0${modules.join('\0')}`;
  let stamp = hashed.get(key);
  if (stamp === undefined) hashed.set(key, (stamp = sha1(moduleStamps(dir, modules))));
  return stamp;
}

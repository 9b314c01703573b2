// Trigram rows of one content write: flushed into the full-text index together (one segment, however many
// files), and right when a write both drops and adds rows (a deleted file's id taken again, a changed text).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openIndexForWrite } from '../../src/index/open-index.js';
import { SqliteContentIndex, writeContentChanges, type ContentFileWrite } from '../../src/index/sqlite-content-index.js';
import { tempDir } from '../helpers/fixture-project.js';

const text = (p: string, body: string): ContentFileWrite => ({ path: p, contentHash: `h-${body}`, size: body.length, mtimeMs: 1, kind: 'text', text: body });

describe('content trigram writes', () => {
  it('flush the files of one write as one segment', () => {
    const { db } = openIndexForWrite(path.join(tempDir('trigram-writes-'), 'index.db'));
    writeContentChanges(db, Array.from({ length: 40 }, (_, i) => text(`src/f${i}.c`, `int function_number_${i}(void);`)), [], 'generation');
    // A contentless table records, per row, the segment it was flushed into.
    expect(db.prepare('SELECT count(DISTINCT origin) AS n FROM content_trigrams_docsize').get()).toEqual({ n: 1 });
    expect([...(new SqliteContentIndex(db).candidates([['function_number_17(']]) ?? [])]).toEqual(['src/f17.c']);
    db.close();
  });

  it('drop the rows of deleted and changed files before adding the new ones', () => {
    const { db } = openIndexForWrite(path.join(tempDir('trigram-writes-'), 'index.db'));
    writeContentChanges(db, [text('a.c', 'alpha_one'), text('b.c', 'bravo_two'), text('c.c', 'charlie_three')], [], 'generation');
    // c.c's id is the highest: the new file takes it again in the same write.
    writeContentChanges(db, [text('b.c', 'bravo_changed'), text('d.c', 'delta_four')], ['c.c'], 'generation');
    const find = (run: string) => [...(new SqliteContentIndex(db).candidates([[run]]) ?? [])].sort();
    expect(find('charlie')).toEqual([]);
    expect(find('bravo_two')).toEqual([]);
    expect(find('bravo_changed')).toEqual(['b.c']);
    expect(find('delta_four')).toEqual(['d.c']);
    expect(find('alpha_one')).toEqual(['a.c']);
    expect(() => db.prepare("INSERT INTO content_trigrams(content_trigrams) VALUES ('integrity-check')").run()).not.toThrow();
    db.close();
  });

  it('keep which trigrams a file holds, not where: a text repeating them costs the index what one copy does', () => {
    const { db } = openIndexForWrite(path.join(tempDir('trigram-writes-'), 'index.db'));
    const bytes = () => (db.prepare('SELECT sum(length(block)) AS n FROM content_trigrams_data').get() as { n: number }).n;
    writeContentChanges(db, [text('once.c', 'uart_send(buf);\n')], [], 'generation');
    const once = bytes();
    writeContentChanges(db, [text('many.c', 'uart_send(buf);\n'.repeat(20000))], [], 'generation');
    // With positions, the 320 KB file's 260 000 trigram occurrences took 320 KB.
    expect(bytes() - once).toBeLessThan(2 * once + 1024);
    expect([...(new SqliteContentIndex(db).candidates([['uart_send(buf)']]) ?? [])].sort()).toEqual(['many.c', 'once.c']);
    db.close();
  });
});

// sha1 of a long text is hashed in pieces (no malloc'd block of the whole text's UTF-8, which would raise glibc's
// thresholds for the run) and gives the digest of the whole text, a surrogate pair at a piece's end kept whole.
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sha1, sha1OfTexts } from '../../src/model/sha1.js';

const cjsCrypto = createRequire(import.meta.url)('node:crypto') as typeof crypto;

/** The length of every piece sha1 hands to a Hash while FN runs. */
function piecesHashed(fn: () => void): number[] {
  const lengths: number[] = [];
  const create = cjsCrypto.createHash.bind(cjsCrypto);
  vi.spyOn(cjsCrypto, 'createHash').mockImplementation((algorithm: string) => {
    const h = create(algorithm);
    const update = h.update.bind(h);
    h.update = ((data: string) => {
      lengths.push(data.length);
      return update(data);
    }) as typeof h.update;
    return h;
  });
  fn();
  return lengths;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sha1 of a long text', () => {
  it('hashes it in pieces of at most 32 K characters, to the digest of the whole text', () => {
    // A surrogate pair straddles the first piece's end: the piece ends before it.
    const text = `${'a'.repeat(32 * 1024 - 1)}😀${'é€x'.repeat(60_000)}`;
    const expected = crypto.createHash('sha1').update(Buffer.from(text, 'utf8')).digest('hex');
    let digest = '';
    const lengths = piecesHashed(() => {
      digest = sha1(text);
    });
    expect(digest).toBe(expected);
    expect(lengths.length).toBeGreaterThan(1);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(32 * 1024);
    expect(lengths[0]).toBe(32 * 1024 - 1);
  });

  it('hashes texts joined in the same pieces, to the digest of their concatenation', () => {
    const texts = ['x'.repeat(40_000), '\0suffix', 'é'.repeat(70_000)];
    const expected = crypto.createHash('sha1').update(Buffer.from(texts.join(''), 'utf8')).digest('hex');
    let digest = '';
    const lengths = piecesHashed(() => {
      digest = sha1OfTexts(texts);
    });
    expect(digest).toBe(expected);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(32 * 1024);
    expect(sha1OfTexts(['ab', 'c'])).toBe(sha1('abc'));
  });

  it('hashes a short text as it is', () => {
    expect(sha1('abc')).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
  });
});

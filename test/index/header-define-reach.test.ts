// A header's #define applies to a file's text only where some unit read the header before that text: not in a unit
// that never reads it (lwIP's raw.c and `#define recv(...) lwip_recv(...)` of sockets.h), nor above the #include
// that reads it, nor in a header the only unit reading both read before it.
import { beforeAll, describe, expect, it } from 'vitest';
import { indexedFixture } from '../helpers/fixture-project.js';
import { usesInSymbols } from '../helpers/uses-in-symbols.js';

describe('a header defining recv(s, mem, len, flags) that one of two units reads', () => {
  let root: string;

  beforeAll(async () => {
    root = (await indexedFixture(['index', 'header-define-reach'])).root;
  });

  const uses = (name: string) => usesInSymbols(root, name);

  it('expands recv where a unit read the header before the text, as gcc -E does', () => {
    expect(uses('lwip_recv')).toEqual(['sock_read src/sockets.c:7 macro_call', 'wrap_read include/wrap.h:4 macro_call']);
  });

  it('leaves p->recv(...) a call through the member elsewhere', () => {
    expect(uses('recv')).toEqual(['early src/sockets.c:3 indirect', 'pcb_deliver include/pcb.h:7 indirect', 'raw_input src/raw.c:4 indirect']);
  });
});

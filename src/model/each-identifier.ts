// The identifiers of a text as the regular expression /[A-Za-z_]\w*/g finds them, visited one at a time without a
// match array per identifier (a file's masked text holds thousands; exec's arrays were 5 % of a many-env run's allocation).

/** Per UTF-16 code unit below 128: 1 when it may start an identifier, 2 when it may continue one. */
const CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
  if (letter) CLASS[c] = 3;
  else if (c >= 48 && c <= 57) CLASS[c] = 2;
}

/** Calls `visit` with each identifier of `text` in order: leftmost, longest, the next searched from the end of the last. */
export function eachIdentifier(text: string, visit: (id: string) => void): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c >= 128 || (CLASS[c] & 1) === 0) {
      i++;
      continue;
    }
    let j = i + 1;
    for (; j < n; j++) {
      const d = text.charCodeAt(j);
      if (d >= 128 || (CLASS[d] & 2) === 0) break;
    }
    visit(text.slice(i, j));
    i = j;
  }
}

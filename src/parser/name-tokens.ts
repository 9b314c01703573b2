// Splits identifiers into lower-case words for search: CamelCase, snake_case, acronyms and `::` scopes.
// `BuildType` → `build type`, `HAL_UART_Init` → `hal uart init`, `parseHTTPResponse` → `parse http response`.

const ONE_WORD = /^(?:[A-Z]+[0-9]*|[A-Z]?[a-z]+[0-9]*|[0-9]+)$/;

export function nameTokens(name: string): string {
  const words: string[] = [];
  for (const part of name.split(/[^A-Za-z0-9]+/)) {
    if (!part) continue;
    // A part the pattern below takes whole (`PERIPH3`, `Pos`, `uart`, `42`) is one word.
    if (ONE_WORD.test(part)) {
      words.push(part.toLowerCase());
      continue;
    }
    const pieces = part.match(/[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+[0-9]*|[A-Z]+[0-9]*|[0-9]+/g) ?? [part];
    for (const p of pieces) words.push(p.toLowerCase());
  }
  return words.join(' ');
}

// The first few items of a list for a message, with how many were left out: `a, b, c, and 4 more`.

export function shownList(items: readonly string[], max: number): string {
  return items.slice(0, max).join(', ') + (items.length > max ? `, and ${items.length - max} more` : '');
}

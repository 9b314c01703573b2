// Python fnmatch-style patterns as regular expressions: `*`, `?`, `[...]` / `[!...]` classes. Whether the
// wildcards cross `/` is the caller's choice (`.mbedignore` patterns do; a glob path segment does not).

export function fnmatchToRegex(pattern: string, options: { wildcardsCrossSlash: boolean }): RegExp {
  const any = options.wildcardsCrossSlash ? '.*' : '[^/]*';
  const one = options.wildcardsCrossSlash ? '.' : '[^/]';
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*') re += any;
    else if (c === '?') re += one;
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end < 0) re += '\\[';
      else {
        let body = pattern.slice(i + 1, end);
        if (body.startsWith('!')) body = '^' + body.slice(1);
        re += `[${body.replace(/\\/g, '\\\\')}]`;
        i = end;
      }
    } else re += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  try {
    return new RegExp(`^(?:${re})$`, 's');
  } catch {
    return new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`); // a class like [z-a]: match it literally
  }
}

// The version fw-context reports (CLI --version, MCP server info), read from package.json.
import fs from 'node:fs';

function readVersion(): string {
  for (const rel of ['../package.json', '../../package.json']) {
    try {
      return (JSON.parse(fs.readFileSync(new URL(rel, import.meta.url), 'utf8')) as { version: string }).version;
    } catch {
      /* try the next layout (source vs. dist) */
    }
  }
  return '0.0.0';
}

export const VERSION = readVersion();

// YAML text to plain data for the adapters (Zephyr's build_info.yml and domains.yaml). The `yaml` package
// (~70 modules, 20-40 ms to load) loads on the first YAML file read, not with the adapters.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let parser: typeof import('yaml').parse | undefined;

/** `yaml`'s parse of `text` (throws what it throws). */
export function parseYaml(text: string): unknown {
  parser ??= (require('yaml') as typeof import('yaml')).parse;
  return parser(text);
}

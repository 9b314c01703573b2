// Reads an Eclipse project's `.project`: its name (`${ProjName}`) and its linked resources, the files and folders
// that appear in the project but live elsewhere (ST's examples link `Drivers/...` from `PARENT-6-PROJECT_LOC`), with
// their locations resolved against the project folder and the project's path variables.
import path from 'node:path';
import type { XMLParser as XmlParserClass } from 'fast-xml-parser';
import { requirePackage } from '../../src/model/require-package.js';

const { XMLParser } = requirePackage('fast-xml-parser') as { XMLParser: typeof XmlParserClass };

export interface LinkedResource {
  /** The path inside the project (`Drivers/CMSIS/system_stm32f4xx.c`). */
  name: string;
  kind: 'file' | 'folder' | 'virtual';
  /** Absolute location (none for a virtual folder, or one whose variable is unknown). */
  location?: string;
  /** The location as written, for a message when it cannot be resolved. */
  written?: string;
}

export interface DotProject {
  name?: string;
  links: LinkedResource[];
}

const parser = new XMLParser({ ignoreAttributes: true, isArray: (name: string) => name === 'link' || name === 'variable' });

/** An element's repeated children (an empty element parses as '', whose `link` is String.prototype.link). */
function listIn(el: unknown, name: string): Record<string, unknown>[] {
  const v = el && typeof el === 'object' ? (el as Record<string, unknown>)[name] : undefined;
  return Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => !!x && typeof x === 'object') : [];
}

/** The `.project` text's name and links (an unreadable text: neither). */
export function readDotProject(text: string | undefined, projectDir: string): DotProject {
  if (text === undefined) return { links: [] };
  let desc: Record<string, unknown>;
  try {
    desc = ((parser.parse(text) as Record<string, unknown>).projectDescription ?? {}) as Record<string, unknown>;
  } catch {
    return { links: [] };
  }
  const variables = new Map<string, string>();
  for (const v of listIn(desc.variableList, 'variable')) {
    if (typeof v.name === 'string' && typeof v.value === 'string') variables.set(v.name, v.value);
  }
  const links: LinkedResource[] = [];
  for (const l of listIn(desc.linkedResources, 'link')) {
    if (typeof l.name !== 'string') continue;
    const written = typeof l.locationURI === 'string' ? l.locationURI : typeof l.location === 'string' ? l.location : undefined;
    if (written?.startsWith('virtual:')) {
      links.push({ name: l.name, kind: 'virtual' });
      continue;
    }
    const location = written === undefined ? undefined : resolveLocation(written, projectDir, variables);
    links.push({ name: l.name, kind: Number(l.type) === 1 ? 'file' : 'folder', ...(location ? { location } : {}), ...(written ? { written } : {}) });
  }
  return { ...(typeof desc.name === 'string' ? { name: desc.name } : {}), links };
}

/**
 * A link's location: `PARENT-2-PROJECT_LOC/Drivers/x.c` (two folders above the project's), `PROJECT_LOC/...`,
 * `WORKSPACE_LOC/...` (taken as the folder holding the project), a path variable of the project, `file:/abs`, or
 * an absolute path; undefined for a variable this project does not define.
 */
export function resolveLocation(written: string, projectDir: string, variables: ReadonlyMap<string, string> = new Map(), depth = 0): string | undefined {
  let loc = decodeURIComponent(written).replace(/^file:(\/\/)?/, '').replace(/\$\{([^}]+)\}/g, '$1');
  if (path.isAbsolute(loc) || /^[A-Za-z]:[\\/]/.test(loc)) return path.normalize(loc);
  const [head, ...rest] = loc.split('/');
  const parent = /^PARENT-(\d+)-(.+)$/.exec(head);
  let base: string | undefined;
  if (parent) {
    const inner = resolveLocation(parent[2], projectDir, variables, depth + 1);
    base = inner === undefined ? undefined : path.resolve(inner, ...Array<string>(Number(parent[1])).fill('..'));
  } else if (head === 'PROJECT_LOC') base = projectDir;
  else if (head === 'WORKSPACE_LOC') base = path.dirname(projectDir);
  else if (variables.has(head) && depth < 8) base = resolveLocation(variables.get(head)!, projectDir, variables, depth + 1);
  else return undefined;
  loc = rest.join('/');
  return base === undefined ? undefined : path.resolve(base, loc);
}

// Reads a SEGGER Embedded Studio project file (`.emProject`, a CrossStudio solution): its solution-level build
// configurations (Debug, Release, those inheriting others), and each project's tree of folders and files, every
// level with its property values by configuration (`<configuration Name="Debug" c_preprocessor_definitions=...>`).
// Values stay as written (`$(ProjectDir)/../inc`); which value holds for a file is ses-properties.ts's business.
import type { XMLParser as XmlParserClass, XMLValidator as XmlValidator } from 'fast-xml-parser';
import { requirePackage } from '../../src/model/require-package.js';

const { XMLParser, XMLValidator } = requirePackage('fast-xml-parser') as { XMLParser: typeof XmlParserClass; XMLValidator: typeof XmlValidator };

/** Property values of one level, by configuration name (`Common` holds what every configuration inherits). */
export type SesSettings = Map<string, Record<string, string>>;

/** A level of the project hierarchy: the solution, a project, a folder or a file. */
export interface SesNode {
  kind: 'solution' | 'project' | 'folder' | 'file';
  name: string;
  settings: SesSettings;
  /** A file's path as written (relative to its project's folder). */
  fileName?: string;
  /** A dynamic folder's own listing rule: the files under `path` matching `filter` and not `exclude`. */
  dynamic?: { path: string; filter: string; exclude: string; recurse: boolean };
  children: SesNode[];
}

/** A configuration the solution declares, with the configurations it inherits (`inherited_configurations`). */
export interface SesConfiguration {
  name: string;
  hidden: boolean;
  inherits: string[];
}

export interface SesSolution {
  solution: SesNode;
  projects: SesNode[];
  configurations: SesConfiguration[];
}

type El = Record<string, unknown>;

const ARRAYS = new Set(['configuration', 'project', 'folder', 'file']);
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', parseAttributeValue: false, parseTagValue: false, isArray: (name: string) => ARRAYS.has(name) });

const list = (el: El, name: string): El[] => {
  const v = el[name];
  return Array.isArray(v) ? v.filter((x): x is El => !!x && typeof x === 'object') : [];
};
const attr = (el: El, name: string): string | undefined => (typeof el[name] === 'string' ? (el[name] as string) : undefined);

function settingsOf(el: El): SesSettings {
  const out: SesSettings = new Map();
  for (const c of list(el, 'configuration')) {
    const name = attr(c, 'Name');
    if (!name) continue;
    const values: Record<string, string> = {};
    for (const [k, v] of Object.entries(c)) if (k !== 'Name' && typeof v === 'string') values[k] = v;
    out.set(name, { ...out.get(name), ...values });
  }
  return out;
}

function nodeOf(el: El, kind: SesNode['kind']): SesNode {
  const node: SesNode = { kind, name: attr(el, 'Name') ?? attr(el, 'file_name') ?? '', settings: settingsOf(el), children: [] };
  if (kind === 'file') node.fileName = attr(el, 'file_name');
  const dynamicPath = kind === 'folder' ? attr(el, 'path') : undefined;
  if (dynamicPath !== undefined) node.dynamic = { path: dynamicPath, filter: attr(el, 'filter') ?? '', exclude: attr(el, 'exclude') ?? '', recurse: attr(el, 'recurse') === 'Yes' };
  for (const f of list(el, 'folder')) node.children.push(nodeOf(f, 'folder'));
  for (const f of list(el, 'file')) node.children.push(nodeOf(f, 'file'));
  return node;
}

/** The solution of a project file's text, or why none could be read (and where, for broken XML). */
export function readEmProject(xml: string): SesSolution | { error: string; line?: number } {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return { error: `not readable XML: ${valid.err.msg}`, line: valid.err.line };
  let doc: El;
  try {
    doc = parser.parse(xml) as El;
  } catch (err) {
    return { error: `not readable XML (${(err as Error).message.split('\n')[0]})` };
  }
  const root = doc.solution;
  if (!root || typeof root !== 'object' || Array.isArray(root)) return { error: 'no <solution> element: not an Embedded Studio project file' };
  const solution = nodeOf(root as El, 'solution');
  const projects = list(root as El, 'project').map((p) => nodeOf(p, 'project'));
  const configurations = list(root as El, 'configuration').flatMap((c): SesConfiguration[] => {
    const name = attr(c, 'Name');
    if (!name) return [];
    const inherits = (attr(c, 'inherited_configurations') ?? '').split(';').map((s) => s.trim()).filter(Boolean);
    return [{ name, hidden: attr(c, 'hidden') === 'Yes', inherits }];
  });
  if (!projects.length) return { error: 'it holds no <project>' };
  return { solution, projects, configurations: dedupe(configurations) };
}

/** One entry per configuration name (a solution may declare a name twice), its settings merged by settingsOf. */
function dedupe(configs: SesConfiguration[]): SesConfiguration[] {
  const seen = new Map<string, SesConfiguration>();
  for (const c of configs) {
    const had = seen.get(c.name);
    seen.set(c.name, had ? { name: c.name, hidden: had.hidden || c.hidden, inherits: had.inherits.length ? had.inherits : c.inherits } : c);
  }
  return [...seen.values()];
}

/** The configurations a user builds: those the solution declares but `Common` and hidden ones (inherited only). */
export function buildableConfigurations(s: SesSolution): SesConfiguration[] {
  return s.configurations.filter((c) => c.name !== 'Common' && !c.hidden);
}

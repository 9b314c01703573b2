// find_variables: globals, file statics, fields and locals of one build whose name holds a substring, each
// with its uses classified read / write / address and the function (and class) holding each use. Uses are
// matched by name within the variable's scope (the function for a local, the file for a static, member
// accesses for a field; a global's uses shadowed by a same-named local left out); types are not resolved,
// so same-named fields of different structs share uses.
import type { SymbolRow } from '../index/index-reader.js';
import type { RefScope, VariableRefRow } from '../index/reading-reader.js';
import { pageBounds, pagedAnswer, type PageNotice } from './paged-answer.js';
import { requireReader, resolveProjectBuild, type ProjectContext } from './project-context.js';
import { QueryError } from './query-error.js';
import type { BuildSelector } from './resolve-build.js';
import { Hierarchy } from './class-hierarchy.js';

export interface FindVariablesRequest extends BuildSelector {
  name: string;
  /** global | static | local | field; all when absent. */
  scope?: string;
  maxRefs?: number;
  limit?: number;
  offset?: number;
}

export interface VariableUse {
  ref_kind: VariableRefRow['access'];
  file: string;
  line: number;
  column: number;
  in_function: string | null;
  in_class: string | null;
}

export interface VariableAnswer {
  name: string;
  qualified_name: string;
  kind: string;
  storage: 'global' | 'static' | 'local' | 'field';
  file: string;
  line: number;
  signature: string;
  is_vendor: boolean;
  /** Function holding a local; class or struct holding a field. */
  owner: string | null;
  counts: { read: number; write: number; address: number };
  refs_total: number;
  refs_more: boolean;
  /** Functions that assign it / take its address / read it (from the uses listed). */
  writers: string[];
  address_takers: string[];
  readers: string[];
  refs: VariableUse[];
}

const SCOPES: Record<string, string[]> = { global: ['varglobal'], static: ['varglobal'], local: ['varlocal'], field: ['field'] };

function storageOf(s: SymbolRow): VariableAnswer['storage'] {
  if (s.kind === 'field') return 'field';
  if (s.kind === 'varlocal') return 'local';
  return /(^|\s)static\s/.test(s.signature) ? 'static' : 'global';
}

function ownerScope(s: SymbolRow): string | null {
  const i = s.qualified_name.lastIndexOf('::');
  return i > 0 ? s.qualified_name.slice(0, i) : null;
}

/** The class owning a field and every class deriving from it: their methods may use the field by its bare name. */
function fieldClasses(h: Hierarchy, owner: string): string[] {
  const cls = h.classes.lookup(owner);
  if (!cls) return [owner];
  return [owner, ...h.derived(cls, true).map((d) => d.qualified_name)];
}

export function findVariables(ctx: ProjectContext, req: FindVariablesRequest): (Record<string, unknown> | PageNotice | VariableAnswer)[] {
  const reader = requireReader(ctx);
  const build = resolveProjectBuild(ctx, req);
  const reading = reader.reading();
  const needle = req.name.trim().split('::').pop() ?? '';
  if (!/^\w+$/.test(needle)) throw new QueryError(`"${req.name}" is not part of a C/C++ identifier`, 'give a name or part of one, e.g. tick_count');
  const scope = req.scope?.toLowerCase();
  if (scope && !SCOPES[scope]) throw new QueryError((s) => `unknown ${s.arg('scope')} "${req.scope}"`, (s) => `use one of: global, static, local, field, or omit ${s.arg('scope')}`);
  const kinds = scope ? SCOPES[scope] : ['varglobal', 'field', 'varlocal'];
  const { limit, offset } = pageBounds(req, 10, 50);
  const maxRefs = req.maxRefs ?? 30;
  if (!Number.isInteger(maxRefs) || maxRefs < 1 || maxRefs > 200) throw new QueryError((s) => `${s.arg('max_refs')} must be 1-200, got ${req.maxRefs}`, (s) => `use a smaller ${s.arg('max_refs')}`);
  const hierarchy = new Hierarchy(reader, build.id);
  const classes = hierarchy.classes;
  const page = reading.symbolsNameLike(build.id, needle, kinds, { limit: scope === 'static' || scope === 'global' ? 500 : limit, offset: scope === 'static' || scope === 'global' ? 0 : offset });
  let rows = page.rows;
  let total = page.total;
  if (scope === 'static' || scope === 'global') {
    // Linkage is read from the signature, so these two scopes are filtered here and paged afterwards.
    const all = rows.filter((s) => storageOf(s) === scope);
    total = all.length;
    rows = all.slice(offset, offset + limit);
  }
  const answers = rows.map((s) => {
    const storage = storageOf(s);
    const owner = ownerScope(s);
    const refScope: RefScope = { via: 'name', excludeShadowed: storage === 'global' || storage === 'static' };
    if (storage === 'field') refScope.fieldOf = owner ? fieldClasses(hierarchy, owner) : [];
    else if (storage === 'static') refScope.file = s.file;
    else if (storage === 'local') {
      const fn = reading.symbolsInFile(build.id, s.file).find((f) => f.id === s.parent_id) ?? null;
      Object.assign(refScope, { file: s.file, fromLine: fn?.line ?? s.line, toLine: fn?.end_line ?? s.line });
    }
    const refs = reading.variableRefs(build.id, s.name, refScope, { limit: 500, offset: 0 });
    const uses: VariableUse[] = refs.rows.map((r) => ({ ref_kind: r.access, file: r.file, line: r.line, column: r.column, in_function: r.in_function, in_class: classes.classOf(r.in_function) }));
    const fnsOf = (kind: string) => [...new Set(uses.filter((u) => u.ref_kind === kind).map((u) => u.in_function ?? '(file scope)'))];
    const answer: VariableAnswer = {
      name: s.name,
      qualified_name: s.qualified_name,
      kind: s.kind,
      storage,
      file: s.file,
      line: s.line,
      signature: s.signature,
      is_vendor: s.is_vendor,
      owner: storage === 'local' || storage === 'field' ? owner : null,
      counts: { read: refs.counts.read ?? 0, write: refs.counts.write ?? 0, address: refs.counts.address ?? 0 },
      refs_total: refs.total,
      refs_more: refs.total > maxRefs,
      writers: fnsOf('write'),
      address_takers: fnsOf('address'),
      readers: fnsOf('read'),
      refs: uses.slice(0, maxRefs),
    };
    return answer;
  });
  return pagedAnswer(ctx, reader, build, answers, total, offset);
}

// C++ class hierarchy of one build: a class's bases and derived classes (direct or transitive) from the
// base lists the index records, and method overrides along them. Bases the index cannot resolve to a class
// of the build (a standard-library or template-parameter base) are listed unresolved, not followed.
import type { IndexReader, SymbolRow } from '../index/index-reader.js';
import { ClassNames } from './class-names.js';
import { requireReader, resolveProjectBuild, type ProjectContext } from './project-context.js';
import { QueryError } from './query-error.js';
import type { BuildSelector } from './resolve-build.js';

const MAX_DEPTH = 32;

export interface HierarchyLink {
  /** Qualified name of the related class, or the base as written when it does not resolve. */
  qualified_name: string;
  resolved: boolean;
  /** The class this link hangs off (the derived class for a base, the base for a derived class). */
  from: string;
  depth: number;
  access: string;
  is_virtual: boolean;
  /** Where the class is defined, when resolved. */
  file: string | null;
  line: number | null;
  /** The base-list entry as written and where. */
  written: string;
  written_at: string;
}

export interface InheritanceRequest extends BuildSelector {
  className: string;
  transitive?: boolean;
}

/** Walks base lists up and down from one class. */
export class Hierarchy {
  readonly classes: ClassNames;

  constructor(
    private readonly reader: IndexReader,
    private readonly buildId: number,
  ) {
    this.classes = new ClassNames(reader, buildId);
  }

  bases(cls: SymbolRow, transitive: boolean): HierarchyLink[] {
    const out: HierarchyLink[] = [];
    const seen = new Set([cls.qualified_name]);
    let level = [cls.qualified_name];
    for (let depth = 1; level.length && depth <= (transitive ? MAX_DEPTH : 1); depth++) {
      const next: string[] = [];
      for (const q of level) {
        for (const b of this.reader.reading().basesOf(this.buildId, q)) {
          const target = this.classes.resolveBase(b.base_name, q);
          const name = target?.qualified_name ?? b.base_text;
          out.push({ qualified_name: name, resolved: !!target, from: q, depth, access: b.access, is_virtual: b.is_virtual, file: target?.file ?? null, line: target?.line ?? null, written: b.base_text, written_at: `${b.file}:${b.line}` });
          if (target && !seen.has(name)) {
            seen.add(name);
            next.push(name);
          }
        }
      }
      level = next;
    }
    return out;
  }

  derived(cls: SymbolRow, transitive: boolean): HierarchyLink[] {
    const out: HierarchyLink[] = [];
    const seen = new Set([cls.qualified_name]);
    let level = [cls.qualified_name];
    for (let depth = 1; level.length && depth <= (transitive ? MAX_DEPTH : 1); depth++) {
      const next: string[] = [];
      for (const q of level) {
        const short = q.split('::').pop()!;
        for (const b of this.reader.reading().derivedFrom(this.buildId, short)) {
          if (this.classes.resolveBase(b.base_name, b.class_qname)?.qualified_name !== q) continue;
          const d = this.classes.lookup(b.class_qname);
          out.push({ qualified_name: b.class_qname, resolved: true, from: q, depth, access: b.access, is_virtual: b.is_virtual, file: d?.file ?? b.file, line: d?.line ?? b.line, written: b.base_text, written_at: `${b.file}:${b.line}` });
          if (!seen.has(b.class_qname)) {
            seen.add(b.class_qname);
            next.push(b.class_qname);
          }
        }
      }
      level = next;
    }
    return out;
  }
}

export function getInheritanceChain(ctx: ProjectContext, req: InheritanceRequest) {
  const reader = requireReader(ctx);
  const build = resolveProjectBuild(ctx, req);
  const h = new Hierarchy(reader, build.id);
  const cls = h.classes.resolve(req.className, 'class_name');
  const transitive = req.transitive ?? true;
  return {
    class: { qualified_name: cls.qualified_name, kind: cls.kind, file: cls.file, line: cls.line, signature: cls.signature },
    transitive,
    bases: h.bases(cls, transitive),
    derived: h.derived(cls, transitive),
    variant: build.variant,
    image: build.image,
  };
}

export interface OverridesRequest extends BuildSelector {
  methodName: string;
}

function isOverrideDecl(s: SymbolRow): boolean {
  return /\)\s*(const\s*)?(noexcept\s*(\([^)]*\))?\s*)?(override|final)\b/.test(s.signature) || /\b(override|final)\s*$/.test(s.signature);
}

/** Every class of the build declaring the method, with what it overrides and what overrides it. */
export function getMethodOverrides(ctx: ProjectContext, req: OverridesRequest) {
  const reader = requireReader(ctx);
  const build = resolveProjectBuild(ctx, req);
  const raw = req.methodName.trim();
  const name = raw.split('::').pop() ?? '';
  if (!/^~?\w+$/.test(name)) throw new QueryError(`"${raw}" is not a method name`, 'give the method name (read) or a qualified one (Sensor::read)');
  const h = new Hierarchy(reader, build.id);
  const rows = reader.lookupSymbols(name, false, { buildId: build.id, kinds: ['method', 'destructor'] }, { limit: 500, offset: 0 }).rows;
  // One entry per class: its in-class declaration when there is one (it carries virtual/override).
  const perClass = new Map<string, SymbolRow[]>();
  for (const r of rows) {
    const owner = r.qualified_name.slice(0, r.qualified_name.length - name.length - 2);
    if (!owner || !h.classes.lookup(owner)) continue;
    (perClass.get(owner) ?? perClass.set(owner, []).get(owner)!).push(r);
  }
  if (raw.includes('::') && !perClass.has(raw.slice(0, raw.length - name.length - 2))) {
    throw new QueryError(`no method "${raw}" in this build`, (s) => `check the name with ${s.tool('lookup_symbol')}, or give the bare method name`);
  }
  const virtualIn = (owner: string) => (perClass.get(owner) ?? []).some((r) => r.is_virtual || r.is_pure_virtual);
  const methods = [...perClass.entries()].map(([owner, syms]) => {
    const cls = h.classes.lookup(owner)!;
    const decl = syms.find((s) => !s.is_definition) ?? syms[0];
    const def = syms.find((s) => s.is_definition);
    const up = h.bases(cls, true).filter((b) => b.resolved && perClass.has(b.qualified_name));
    const down = h.derived(cls, true).filter((d) => perClass.has(d.qualified_name));
    const overrides = up.filter((b) => virtualIn(b.qualified_name) || up.some((u) => u.depth > b.depth && virtualIn(u.qualified_name)));
    return {
      qualified_name: `${owner}::${name}`,
      class: owner,
      signature: decl.signature,
      file: decl.file,
      line: decl.line,
      definition: def ? { file: def.file, line: def.line } : null,
      is_virtual: decl.is_virtual || overrides.length > 0,
      is_pure_virtual: decl.is_pure_virtual,
      declared_override: syms.some(isOverrideDecl),
      overrides: overrides.map((b) => `${b.qualified_name}::${name}`),
      overridden_by: virtualIn(owner) || overrides.length ? down.map((d) => `${d.qualified_name}::${name}`) : [],
    };
  });
  if (raw.includes('::')) {
    const owner = raw.slice(0, raw.length - name.length - 2);
    methods.sort((a, b) => Number(b.class === owner) - Number(a.class === owner));
  }
  return { method: name, total: methods.length, methods, variant: build.variant, image: build.image };
}

// get_class_members: what a C++ class (or C struct/union) declares — fields, methods, constructors,
// destructors, nested types — merged with out-of-class definitions and with their declared access,
// optionally with inherited members.
import type { SymbolRow } from '../index/index-reader.js';
import type { ReadingIndex } from '../index/reading-reader.js';
import { Hierarchy } from './class-hierarchy.js';
import { memberAccess, type Access } from './member-access.js';
import { requireReader, resolveProjectBuild, type ProjectContext } from './project-context.js';
import type { BuildSelector } from './resolve-build.js';

export interface ClassMembersRequest extends BuildSelector {
  className: string;
  includeInherited?: boolean;
}

export interface ClassMember {
  name: string;
  kind: string;
  signature: string;
  file: string;
  line: number;
  is_static: boolean;
  is_virtual: boolean;
  is_pure_virtual: boolean;
  is_override: boolean;
  /** Declared access (from the class body's labels); null for a member only defined out of the class. */
  access: Access | null;
  /** Where the body is, when it is defined (in the class or out of it). */
  definition: { file: string; line: number } | null;
  /** The base class it comes from (include_inherited). */
  inherited_from?: string;
}

const GROUPS: Record<string, string> = { field: 'fields', method: 'methods', constructor: 'constructors', destructor: 'destructors', function: 'methods' };

function membersOf(reading: ReadingIndex, buildId: number, cls: SymbolRow, root: string): ClassMember[] {
  const byName = new Map<string, SymbolRow[]>();
  const all = reading.membersOf(buildId, cls.qualified_name);
  const accessAt = memberAccess(root, cls, all);
  for (const s of all) {
    if (s.kind === 'varlocal' || s.kind === 'enum_constant') continue;
    const key = `${s.kind}\u0000${s.name}`;
    (byName.get(key) ?? byName.set(key, []).get(key)!).push(s);
  }
  const out: ClassMember[] = [];
  for (const decls of byName.values()) {
    // An overloaded name keeps one entry per in-class declaration; out-of-class definitions attach to it.
    const inClass = decls.filter((s) => s.parent_id === cls.id);
    const heads = inClass.length ? inClass : decls.slice(0, 1);
    const defs = decls.filter((s) => s.is_definition && !heads.includes(s));
    for (const s of heads) {
      const def = s.is_definition ? s : defs.shift() ?? null;
      const isOverride = /\b(override|final)\b/.test(s.signature.replace(/\{.*$/, ''));
      out.push({
        name: s.name,
        kind: s.kind,
        signature: s.signature,
        file: s.file,
        line: s.line,
        is_static: /^(inline\s+|constexpr\s+)*static\b/.test(s.signature),
        is_virtual: s.is_virtual || isOverride,
        is_pure_virtual: s.is_pure_virtual,
        is_override: isOverride,
        access: s.parent_id === cls.id ? accessAt(s.line) : null,
        definition: def && s.kind !== 'field' ? { file: def.file, line: def.line } : null,
      });
    }
  }
  return out.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

export function getClassMembers(ctx: ProjectContext, req: ClassMembersRequest) {
  const reader = requireReader(ctx);
  const build = resolveProjectBuild(ctx, req);
  const h = new Hierarchy(reader, build.id);
  const cls = h.classes.resolve(req.className, 'class_name');
  const members = membersOf(reader.reading(), build.id, cls, ctx.root);
  if (req.includeInherited) {
    const own = new Set(members.map((m) => `${m.kind}\u0000${m.name}`));
    for (const base of h.bases(cls, true).filter((b) => b.resolved)) {
      const baseClass = h.classes.lookup(base.qualified_name);
      if (!baseClass) continue;
      for (const m of membersOf(reader.reading(), build.id, baseClass, ctx.root)) {
        if (m.kind === 'constructor' || m.kind === 'destructor' || own.has(`${m.kind}\u0000${m.name}`)) continue;
        own.add(`${m.kind}\u0000${m.name}`);
        members.push({ ...m, inherited_from: base.qualified_name });
      }
    }
  }
  const grouped: Record<string, ClassMember[]> = { fields: [], methods: [], constructors: [], destructors: [], types: [] };
  for (const m of members) (grouped[GROUPS[m.kind] ?? 'types'] ??= []).push(m);
  return {
    class: { qualified_name: cls.qualified_name, kind: cls.kind, file: cls.file, line: cls.line, end_line: cls.end_line, signature: cls.signature },
    counts: Object.fromEntries(Object.entries(grouped).map(([k, v]) => [k, v.length])),
    ...grouped,
    variant: build.variant,
    image: build.image,
  };
}

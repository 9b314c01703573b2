// C++ class structure from one parsed file: the base classes of each class/struct (access, virtual) and
// template uses — explicit instantiations, specializations and the implicit instantiations a type or a
// call with written arguments causes. Deduced calls (max(1, 2)) and uses inside templates are not recorded.
import type { Language } from '../model/compile-args.js';
import type { ClassBase, TemplateUse } from '../model/code-relations.js';
import type { ExtractedSymbol } from '../model/symbol.js';
import type { CaptureIds, SyntaxNode, Tree } from './tree-sitter-parser.js';

const TYPE_NODES = new Set(['type_identifier', 'qualified_identifier', 'template_type']);

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\s*::\s*/g, '::').replace(/<\s+/g, '<').replace(/\s+>/g, '>').trim();
}

/** `ns::Base<T>` → name `ns::Base`, text `ns::Base<T>`. */
function baseNameOf(node: SyntaxNode): { name: string; text: string } {
  const text = collapse(node.text);
  return { name: text.replace(/<.*>$/s, ''), text };
}

/** The type an explicit instantiation names (`template class ns::X<int>;`), recorded once as explicit. */
function namedByInstantiation(node: SyntaxNode): boolean {
  let p = node.parent;
  while (p && (p.type === 'qualified_identifier' || p.type === 'class_specifier' || p.type === 'struct_specifier')) p = p.parent;
  return p?.type === 'template_instantiation';
}

function insideTemplateDeclaration(node: SyntaxNode): boolean {
  for (let p = node.parent; p; p = p.parent) if (p.type === 'template_declaration') return true;
  return false;
}

function classBases(clause: SyntaxNode, byPosition: Map<string, ExtractedSymbol>): ClassBase[] {
  const owner = clause.parent;
  if (!owner) return [];
  const sym = byPosition.get(`${owner.startPosition.row + 1}:${owner.startPosition.column + 1}`);
  if (!sym) return [];
  const out: ClassBase[] = [];
  const defaultAccess = owner.type === 'class_specifier' ? 'private' : 'public';
  let access: ClassBase['access'] | null = null;
  let isVirtual = false;
  for (const c of clause.children) {
    if (c.type === 'access_specifier') access = c.text as ClassBase['access'];
    else if (c.text === 'virtual') isVirtual = true;
    else if (c.text === ',') {
      access = null;
      isVirtual = false;
    } else if (TYPE_NODES.has(c.type)) {
      const { name, text } = baseNameOf(c);
      out.push({ classQualifiedName: sym.qualifiedName, baseName: name, baseText: text, access: access ?? defaultAccess, isVirtual, line: c.startPosition.row + 1 });
    }
  }
  return out;
}

function templateUse(node: SyntaxNode, kind: TemplateUse['kind']): TemplateUse | null {
  const nameNode = node.childForFieldName('name');
  const args = node.childForFieldName('arguments');
  if (!nameNode || !args) return null;
  let name = nameNode.text;
  if (node.parent?.type === 'qualified_identifier' && node.parent.childForFieldName('name')?.id === node.id) {
    const scope = node.parent.childForFieldName('scope');
    if (scope) name = `${collapse(scope.text)}::${name}`;
  }
  return { name, args: collapse(args.text), line: node.startPosition.row + 1, column: node.startPosition.column + 1, kind };
}

/** The capture table extractClassRelations reads (C++ only; walkCaptures collects it in its walk). */
export const CLASS_RELATIONS_TABLE = 'class-relations';

export function extractClassRelations(tree: Tree, language: Language, symbols: ExtractedSymbol[], captures: CaptureIds | undefined): { classBases: ClassBase[]; templateUses: TemplateUse[] } {
  if (language !== 'cpp' || !captures) return { classBases: [], templateUses: [] };
  const byPosition = new Map<string, ExtractedSymbol>();
  for (const s of symbols) if (s.kind === 'class' || s.kind === 'struct' || s.kind === 'union') byPosition.set(`${s.line}:${s.column}`, s);
  const bases: ClassBase[] = [];
  const uses: TemplateUse[] = [];
  for (let i = 0; i < captures.ids.length; i++) {
    const cap = { name: captures.names[i], node: tree.node(captures.ids[i]) };
    const n = cap.node;
    if (cap.name === 'bases') {
      bases.push(...classBases(n, byPosition));
      continue;
    }
    if (cap.name === 'template.explicit') {
      const inner = n.descendantsOfType('template_type')[0];
      const use = inner ? templateUse(inner, 'explicit') : null;
      if (use) uses.push(use);
      continue;
    }
    if (namedByInstantiation(n)) continue;
    const specialized = n.parent && (n.parent.type === 'class_specifier' || n.parent.type === 'struct_specifier') && n.parent.childForFieldName('name')?.id === n.id;
    if (specialized) {
      const decl = n.parent!.parent;
      if (decl?.type === 'template_declaration' && decl.childForFieldName('parameters')?.namedChildCount === 0) {
        const use = templateUse(n, 'specialization');
        if (use) uses.push(use);
      }
      continue;
    }
    if (insideTemplateDeclaration(n)) continue;
    const use = templateUse(n, 'implicit');
    if (use) uses.push(use);
  }
  return { classBases: bases, templateUses: uses };
}

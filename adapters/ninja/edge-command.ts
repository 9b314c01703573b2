// Evaluates an edge's variables the way ninja's EdgeEnv does: `$in`/`$in_newline`/`$out` (shell-escaped,
// explicit paths only), then the edge scope's own bindings, then the rule's binding (evaluated in the edge,
// cycle-checked), then the enclosing scopes. Leaves out rspfile expansion (`ninja -t compdb -x`).
import type { NinjaEdge } from './parse-ninja.js';
import { evaluate, shellEscape } from './ninja-scope.js';

export interface EdgeEvalResult {
  value: string;
  /** Set when a rule variable refers to itself through others. */
  cycle?: string[];
}

export function edgeVariable(edge: NinjaEdge, name: string): EdgeEvalResult {
  let cycle: string[] | undefined;
  const look = (n: string, stack: string[]): string => {
    if (n === 'in') return edge.inputs.map(shellEscape).join(' ');
    if (n === 'in_newline') return edge.inputs.map(shellEscape).join('\n');
    if (n === 'out') return edge.outputs.map(shellEscape).join(' ');
    const own = edge.env.vars.get(n);
    if (own !== undefined) return own;
    const rb = edge.rule.bindings.get(n);
    if (rb) {
      if (stack.includes(n)) {
        cycle ??= [...stack, n];
        return '';
      }
      return evaluate(rb, (v) => look(v, [...stack, n]));
    }
    return edge.env.parent ? edge.env.parent.lookup(n) : '';
  };
  const value = look(name, []);
  return cycle ? { value, cycle } : { value };
}

export function edgeCommand(edge: NinjaEdge): string {
  return edgeVariable(edge, 'command').value;
}

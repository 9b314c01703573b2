// find_callers_recursive: who reaches a function in one build, callers of callers level by level (call-tree-tool.ts).
import { defineCallTreeTool } from './call-tree-tool.js';

export const FIND_CALLERS_RECURSIVE_TOOL = defineCallTreeTool('callers', {
  name: 'find_callers_recursive',
  title: 'Transitive callers of a function',
  lead: 'Who reaches a function, level by level, in one build: the callers of name (depth 1), their callers (depth 2), and so on up to depth (default 3, at most 10) — the code an interface change or a bug in name can affect, the entry points (main, handlers, threads) that lead to it.',
});

// find_callees_recursive: everything a function can run in one build, callees of callees level by level (call-tree-tool.ts).
import { defineCallTreeTool } from './call-tree-tool.js';

export const FIND_CALLEES_RECURSIVE_TOOL = defineCallTreeTool('callees', {
  name: 'find_callees_recursive',
  title: 'Transitive callees of a function',
  lead: 'Everything a function can run, level by level, in one build: the callees of name (depth 1), their callees (depth 2), and so on up to depth (default 3, at most 10) — what an ISR or a thread entry reaches, what a test of name exercises. Calls through pointers continue into the functions the build stores there.',
});

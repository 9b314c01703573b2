// search_symbols: declarations of one build by name pattern with * and ?, kind, and Type.member.
import { z } from 'zod';
import { SEARCH_SYMBOL_KINDS, searchSymbols } from '../../query/search-symbols.js';
import { BUILD_ARGS, buildArgs, defineTool, READ_ONLY } from '../tool-kit.js';

const KINDS = Object.keys(SEARCH_SYMBOL_KINDS).join(', ');

const DESCRIPTION = `Find C/C++ declarations of one build by name pattern. The pattern is matched against the whole name, case-sensitively: * stands for any run of characters (also none), ? for exactly one. uart_* finds every name starting with uart_, *_init every name ending in _init, spi?_irq spi1_irq and spi2_irq; a pattern without wildcards is an exact name.

USAGE: search_symbols(query="HAL_UART_*", kind="function") → one page of declarations with their places.

Members: "Type.member" or "Type::member" (the type may be qualified, ns::Type, and both parts may hold wildcards) selects the members of that class, struct, union, enum or namespace, and of the classes and structs derived from it, directly or not, by the base lists of the build's class heads, each base resolved in the scope of the class naming it (class B : public A makes B's members answer A.member; a B deriving from other::A does not); meta.derivedTypes lists the derived types searched. Sensor.read finds Sensor::read and TempSensor::read, never Logger::read.

kind (optional, case-insensitive): ${KINDS}. variable means global and file-scope variables (function locals are never results); enum_constant the enumerators; macro the #defines the build sees. Without kind every kind is searched, macros after the other declarations. Any other kind is an error.

Only what the build compiles is a declaration: a function in an inactive #if branch of this build is not a result. A declaration and its definition are two results (isDefinition tells them apart).

Each result: name, qualifiedName, kind, file (project-relative), line, column, signature, containingType (the enclosing class, struct, union, enum or namespace, qualified; null at file scope), isDefinition, isVendor.

PAGING: pattern and kind apply first; offset and maxResults then select the page. meta.totalCount counts every matching declaration; pagination.hasMore (and meta.truncated) is true when more follow, and pagination.nextOffset is the offset of the next page. maxResults: 0 to 1000, default 50 (0 returns only the count).

ERRORS: an unknown kind, a maxResults outside 0-1000 or a negative offset answer an error whose text starts with INVALID_PARAMETER and lists the valid values.

${BUILD_ARGS}`;

export const SEARCH_SYMBOLS_TOOL = defineTool({
  name: 'search_symbols',
  title: 'Find declarations by name pattern',
  description: DESCRIPTION,
  inputSchema: {
    query: z.string().describe('Name pattern: * any characters, ? one character, whole name, case-sensitive. Type.member or Type::member for members of a type and its derived types.'),
    kind: z.string().optional().describe(`Optional, case-insensitive: ${KINDS}.`),
    offset: z.number().optional().describe('Skip the first N matching declarations (default 0).'),
    maxResults: z.number().optional().describe('Results per page, 0 to 1000 (default 50).'),
    ...buildArgs,
  },
  annotations: READ_ONLY,
  handler: (args, env) => env.answer(args.project_root, (ctx) => searchSymbols(ctx, args)),
});

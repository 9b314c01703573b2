// Loads CommonJS packages with require instead of an ESM import: importing CommonJS from ESM makes Node start
// its export-name lexer and lex the package's sources, which every CLI command would pay at start-up.
import { createRequire } from 'node:module';

export const requirePackage = createRequire(import.meta.url);

// Test helper: an edit in place of a copied fixture's file, replacing the first occurrence of a text the file must
// hold (the test fails at once when the fixture no longer holds it, rather than testing an edit that never happened).
import fs from 'node:fs';
import { expect } from 'vitest';

export function replaceInFile(file: string, from: string, to: string): void {
  const text = fs.readFileSync(file, 'utf8');
  expect(text).toContain(from);
  fs.writeFileSync(file, text.replace(from, to));
}

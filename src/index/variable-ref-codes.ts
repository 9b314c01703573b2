// A variable access's kind and form as the small integers variable_refs stores (an integer 0 or 1 costs no byte in
// a SQLite record; the words took 4–7 on each of a many-env project's ~2 million accesses), and back.
import type { VariableRefRow } from './reading-reader.js';

export const ACCESS_CODES = { read: 0, write: 1, address: 2 } as const satisfies Record<VariableRefRow['access'], number>;
export const VIA_CODES = { name: 0, member: 1 } as const satisfies Record<VariableRefRow['via'], number>;

const ACCESS_NAMES: VariableRefRow['access'][] = ['read', 'write', 'address'];
const VIA_NAMES: VariableRefRow['via'][] = ['name', 'member'];

export function accessName(code: number): VariableRefRow['access'] {
  const name = ACCESS_NAMES[code];
  if (name === undefined) throw new Error(`variable_refs holds an unknown access code ${code}`);
  return name;
}

export function viaName(code: number): VariableRefRow['via'] {
  const name = VIA_NAMES[code];
  if (name === undefined) throw new Error(`variable_refs holds an unknown form code ${code}`);
  return name;
}

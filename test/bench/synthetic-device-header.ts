// A CMSIS-style vendor device header (per peripheral: a register struct, its base address, and per register
// eight 4-bit fields as `_Pos` / `_Msk` / alias #defines) and one unit including it, as a project of its own.
import fs from 'node:fs';
import path from 'node:path';

export const REGISTERS = 12;
export const FIELDS = 8;
/** #defines a peripheral adds: base, pointer, and three per field. */
export const DEFINES_PER_PERIPHERAL = 2 + REGISTERS * FIELDS * 3;
/** Peripherals that make about one megabyte of header. */
export const PERIPHERALS_PER_MB = 62.5;

/** The header text: ~16 kB per peripheral. */
export function deviceHeaderText(peripherals: number): string {
  const out = ['#ifndef DEV_H\n#define DEV_H\n#include <stdint.h>\n#define __IO volatile\n'];
  for (let p = 0; p < peripherals; p++) {
    let struct = 'typedef struct {\n';
    for (let r = 0; r < REGISTERS; r++) struct += `  __IO uint32_t R${r}; /*!< peripheral ${p} register ${r} */\n`;
    out.push(`${struct}} PERIPH${p}_TypeDef;\n`);
    out.push(`#define PERIPH${p}_BASE (0x40000000UL + 0x${(p * 0x400).toString(16)}UL)\n#define PERIPH${p} ((PERIPH${p}_TypeDef *) PERIPH${p}_BASE)\n`);
    for (let r = 0; r < REGISTERS; r++) {
      for (let f = 0; f < FIELDS; f++) {
        const b = f * 4;
        const name = `PERIPH${p}_R${r}_F${b}`;
        const mask = (15 * 2 ** b).toString(16).toUpperCase().padStart(8, '0');
        out.push(`#define ${name}_Pos (${b}U)\n#define ${name}_Msk (0xFUL << ${name}_Pos) /*!< 0x${mask} */\n#define ${name} ${name}_Msk\n`);
      }
    }
  }
  out.push('#endif\n');
  return out.join('');
}

/** Writes the project (include/dev.h, src/main.c, compile_commands.json) under `root`; answers the header's size in bytes. */
export function writeDeviceHeaderProject(root: string, peripherals: number): number {
  fs.mkdirSync(path.join(root, 'include'), { recursive: true });
  fs.mkdirSync(path.join(root, 'src'), { recursive: true });
  const text = deviceHeaderText(peripherals);
  fs.writeFileSync(path.join(root, 'include', 'dev.h'), text);
  fs.writeFileSync(path.join(root, 'src', 'main.c'), '#include "dev.h"\nint main(void) { PERIPH3->R1 = PERIPH3_R1_F4; return 0; }\n');
  fs.writeFileSync(path.join(root, 'compile_commands.json'), JSON.stringify([{ directory: root, file: 'src/main.c', command: 'cc -Iinclude -c src/main.c -o main.o' }]));
  return Buffer.byteLength(text);
}

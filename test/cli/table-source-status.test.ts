// A build whose compiler is not installed (an ESP32-C3 RISC-V build indexed without its toolchain): its predefined
// macros come from a built-in table, the code takes GCC's RISC-V branches, and status says which table and why.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/fixture-project.js';

const MAIN = `#if defined(__GNUC__) && defined(__riscv) && __riscv_xlen == 32 && defined(__riscv_compressed)
void riscv_gcc_path(void) {}
#elif defined(__GNUC__)
void other_gcc_path(void) {}
#else
#error "unsupported compiler"
#endif
`;

function riscvProject(): string {
  const root = tempDir();
  fs.mkdirSync(path.join(root, 'src'));
  fs.mkdirSync(path.join(root, 'build'));
  fs.writeFileSync(path.join(root, 'src', 'main.c'), MAIN);
  const compiler = path.join(root, 'no-toolchain', 'bin', 'riscv32-esp-elf-gcc');
  const unit = { directory: path.join(root, 'build'), file: path.join(root, 'src', 'main.c'), arguments: [compiler, '-march=rv32imc_zicsr_zifencei', '-mabi=ilp32', '-Os', '-c', path.join(root, 'src', 'main.c'), '-o', 'main.o'] };
  fs.writeFileSync(path.join(root, 'build', 'compile_commands.json'), JSON.stringify([unit]));
  return root;
}

describe('a build whose compiler is not installed', () => {
  it('is read with the cross compiler table and status names it', () => {
    const root = riscvProject();
    expect(runCli(root, ['index']).status).toBe(0);
    expect(runCli(root, ['symbols']).stdout).toMatch(/\briscv_gcc_path\b/);
    const status = runCli(root, ['status']).stdout;
    expect(status).toMatch(/^predefined macros: built-in table gcc-12-target-independent\/riscv32-esp-elf — .*riscv32-esp-elf-gcc was not found/m);
  });
});

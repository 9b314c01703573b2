// A build whose compiler is not installed (an ESP32-C3 RISC-V build indexed without its toolchain), or refuses the
// unit's flags: its predefined macros come from a built-in table, the code takes the target's branches, and status
// says which table and why.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasTool, runCli, tempDir } from '../helpers/fixture-project.js';

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

describe('a build whose compiler gives no predefined macros', () => {
  it('is read with the cross compiler table and status names it', () => {
    const root = riscvProject();
    expect(runCli(root, ['index']).status).toBe(0);
    expect(runCli(root, ['symbols']).stdout).toMatch(/\briscv_gcc_path\b/);
    const status = runCli(root, ['status']).stdout;
    expect(status).toMatch(/^predefined macros: built-in table gcc-12-target-independent\/riscv32-esp-elf — .*riscv32-esp-elf-gcc not found/m);
  });

  const gcc12 = hasTool('arm-none-eabi-gcc') && spawnSync('arm-none-eabi-gcc', ['-dumpversion'], { encoding: 'utf8' }).stdout.startsWith('12');
  it.runIf(gcc12)('that refuses the unit\'s flags (GCC 12 has no -mcpu=cortex-m85) is read with the table, and status says so', () => {
    const root = tempDir();
    fs.mkdirSync(path.join(root, 'build'));
    fs.writeFileSync(path.join(root, 'main.c'), '#if __ARM_FEATURE_MVE == 3\nvoid helium_path(void) {}\n#endif\n');
    const unit = { directory: path.join(root, 'build'), file: path.join(root, 'main.c'), arguments: ['arm-none-eabi-gcc', '-mcpu=cortex-m85', '-mfloat-abi=hard', '-c', '../main.c'] };
    fs.writeFileSync(path.join(root, 'build', 'compile_commands.json'), JSON.stringify([unit]));
    expect(runCli(root, ['index']).status).toBe(0);
    expect(runCli(root, ['symbols']).stdout).toMatch(/\bhelium_path\b/);
    expect(runCli(root, ['status']).stdout).toMatch(/^predefined macros: built-in table arm-none-eabi-gcc-12\/cortex-m85\+fp\.dp\/hard — arm-none-eabi-gcc gave no answer for the units' flags$/m);
  });
});

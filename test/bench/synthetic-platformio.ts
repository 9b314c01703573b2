// Writes a PlatformIO project whose envs live in extra_configs files (globbed), each env extending a base
// section with interpolated flags: the shape of real multi-board PlatformIO repos.
import fs from 'node:fs';
import path from 'node:path';

export function generatePlatformioProject(dir: string, envs: number, perFile = 50): void {
  fs.mkdirSync(path.join(dir, 'envs'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'src/main.c'), 'int main(void){return 0;}\n');
  fs.writeFileSync(
    path.join(dir, 'platformio.ini'),
    '[platformio]\nextra_configs = envs/*.ini\n\n[env]\nbuild_flags = -D COMMON=1\n\n[base]\nplatform = ststm32\nframework = stm32cube\nbuild_flags =\n    ${env.build_flags}\n    -D BASE=1\n',
  );
  for (let f = 0; f * perFile < envs; f++) {
    let text = '';
    for (let i = 0; i < perFile && f * perFile + i < envs; i++) {
      const n = f * perFile + i;
      text += `[env:board_${n}]\nextends = base\nboard = board_${n}\nbuild_flags =\n    \${base.build_flags}\n    -D BOARD_ID=${n}\n    -D NAME=\\"\${this.__env__}\\"\n\n`;
    }
    fs.writeFileSync(path.join(dir, 'envs', `group_${f}.ini`), text);
  }
}

/**
 * Sources for the envs of generatePlatformioProject: `files` driver units sharing one header, whose #if
 * branches select code by BOARD_ID (every other board, one board in `rare`), so envs compile different code.
 */
export function writePlatformioSources(dir: string, files: number, rare = 7): void {
  fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
  const header = ['#ifndef BOARD_H', '#define BOARD_H', '#if BOARD_ID % 2 == 0', '#define BOARD_UART_COUNT 2', '#else', '#define BOARD_UART_COUNT 1', '#endif', 'int board_clock_hz(void);', '#endif', ''];
  fs.writeFileSync(path.join(dir, 'src', 'board.h'), header.join('\n'));
  for (let i = 0; i < files; i++) {
    const lines = [`/* Driver ${i} of the synthetic PlatformIO project. */`, '#include "board.h"', '', `static int drv_${i}_state;`, ''];
    lines.push('#if BOARD_ID % 2 == 0', `int drv_${i}_even(int v)`, '{', `  return v + drv_${i}_state * BOARD_UART_COUNT;`, '}', '#else', `int drv_${i}_odd(int v)`, '{', `  return v - drv_${i}_state;`, '}', '#endif', '');
    lines.push(`#if BOARD_ID == ${rare}`, `int drv_${i}_special(void)`, '{', '  return BOARD_ID;', '}', '#endif', '');
    lines.push(`int drv_${i}_common(void)`, '{', `  return drv_${i}_state;`, '}', '');
    fs.writeFileSync(path.join(dir, 'src', `drv_${i}.c`), lines.join('\n'));
  }
}

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

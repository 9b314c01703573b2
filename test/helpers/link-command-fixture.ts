// The memory/cmake-stm32-map fixture set up for link-command tests: backdated (sizes and mtimes vouch), in its
// Ninja form or its Makefile-generator form (link.txt, no build.ninja), indexed; and an edit helper.
import fs from 'node:fs';
import path from 'node:path';
import { indexProject } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { copyFixtureToTemp } from './fixture-project.js';

export const NINJA = 'build/build.ninja';
export const LINK_TXT = 'build/CMakeFiles/firmware.elf.dir/link.txt';
export const LINK_LINE =
  '/usr/bin/arm-none-eabi-gcc -mcpu=cortex-m4 -mthumb -Wl,--defsym=__stack_size__=0x800 -T @ROOT@/STM32F407VGTx_FLASH.ld -Wl,-Map=firmware.map ' +
  'CMakeFiles/firmware.elf.dir/Core/Src/main.c.obj CMakeFiles/firmware.elf.dir/Core/Src/system.c.obj -o firmware.elf\n';

/** Every file of the copy a minute old, so that sizes and mtimes vouch (no file read within RACY_MS of its write). */
export function backdate(root: string): void {
  const t = new Date(Date.now() - 60_000);
  for (const e of fs.readdirSync(root, { recursive: true, withFileTypes: true })) fs.utimesSync(path.join(e.parentPath, e.name), t, t);
}

/** cmake-stm32-map (or its Makefile-generator form: link.txt, no build.ninja), backdated and indexed. */
export async function indexedLinkFixture(linkTxt = false): Promise<string> {
  const root = copyFixtureToTemp('memory', 'cmake-stm32-map');
  writeConfig(root, DEFAULT_CONFIG);
  if (linkTxt) {
    fs.rmSync(path.join(root, NINJA));
    fs.mkdirSync(path.dirname(path.join(root, LINK_TXT)), { recursive: true });
    fs.writeFileSync(path.join(root, LINK_TXT), LINK_LINE.replace('@ROOT@', root));
  }
  backdate(root);
  await indexProject({ root });
  return root;
}

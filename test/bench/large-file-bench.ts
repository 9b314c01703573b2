// Benchmark case: one generated C file holding a single initializer of 1.6, 6.4 and 20 MB (an image or
// font table), indexed as a project of its own; prints ms per MB and checks the symbol after the table.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { indexProject } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { lookupSymbol } from '../../src/query/lookup-symbol.js';
import { withProject } from '../../src/query/project-context.js';

const SIZES_MB = [1.6, 6.4, 20];
const GOAL_MS_20MB = 3000;

/** A file of `mb` megabytes: `0x12, ` elements, 16 a line, then a function after the table. */
export function writeTableFile(file: string, mb: number): void {
  const line = Array.from({ length: 16 }, (_, i) => `0x${((i * 37) & 255).toString(16).padStart(2, '0')},`).join(' ') + '\n';
  const lines = Math.round((mb * 1e6) / line.length);
  const text = `/** Generated image. */\nconst unsigned char image_map[] = {\n${line.repeat(lines)}};\n\n/** Draws the image. */\nint draw_image(void) { return image_map[1]; }\n`;
  fs.writeFileSync(file, text);
}

export async function benchLargeFiles(): Promise<void> {
  console.log('\none file holding one initializer (goal: 20 MB indexed in <= 3 s, linear):');
  for (const mb of SIZES_MB) {
    const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fw-context-bench-table-')));
    fs.mkdirSync(path.join(root, 'src'));
    writeTableFile(path.join(root, 'src', 'image.c'), mb);
    fs.writeFileSync(path.join(root, 'compile_commands.json'), JSON.stringify([{ directory: root, file: 'src/image.c', command: 'cc -c src/image.c -o image.o' }]));
    writeConfig(root, DEFAULT_CONFIG);
    const r = await indexProject({ root });
    const found = withProject(root, (ctx) => lookupSymbol(ctx, { name: 'draw_image' })).length > 1;
    const goal = mb === 20 ? `  (goal ${GOAL_MS_20MB} ms: ${r.elapsedMs <= GOAL_MS_20MB ? 'met' : 'NOT met'})` : '';
    console.log(`  ${mb.toFixed(1).padStart(4)} MB: ${r.elapsedMs.toFixed(0).padStart(5)} ms = ${(r.elapsedMs / mb).toFixed(0)} ms/MB (preprocess ${r.preprocessMs.toFixed(0)} ms, parse ${r.parseMs.toFixed(0)} ms); symbol after the table ${found ? 'found' : 'MISSING'}${goal}`);
    fs.rmSync(root, { recursive: true, force: true });
  }
}

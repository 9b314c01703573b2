// Differential check against GCC's call graph (-fcallgraph-info -fno-inline -fno-ipa-icf) on the driver-stack fixture:
// every compiler call edge and indirect call site is in the index; a removed row is reported missing.
// Skipped when gcc is not installed.
import { describe, expect, it } from 'vitest';
import { openIndexForWrite } from '../../src/index/open-index.js';
import { indexPath } from '../../src/project/config.js';
import { checkCallGraph, parseCallGraphInfo } from '../../src/query/call-graph/compiler-call-graph.js';
import { withProject } from '../../src/query/project-context.js';
import fs from 'node:fs';
import path from 'node:path';
import { indexProject } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { copyFixtureToTemp, hasTool, indexedFixture, runCli } from '../helpers/fixture-project.js';

describe('GCC .ci files', () => {
  it('reads direct and indirect edges with their call sites', () => {
    const ci = `graph: { title: "t.c"
node: { title: "t.c:f" label: "f\\nt.c:3:12" }
edge: { sourcename: "g" targetname: "z_errno" label: "t.c:7:3" }
edge: { sourcename: "g" targetname: "t.c:f" label: "t.c:8:3" }
edge: { sourcename: "g" targetname: "__indirect_call" label: "t.c:9:3" }
}`;
    expect(parseCallGraphInfo(ci, '/src')).toEqual([
      { caller: 'g', callee: 'z_errno', file: '/src/t.c', line: 7, column: 3 },
      { caller: 'g', callee: 'f', file: '/src/t.c', line: 8, column: 3 },
      { caller: 'g', callee: '__indirect_call', file: '/src/t.c', line: 9, column: 3 },
    ]);
  });

  it('names a function whose assembler name an asm label changed as its label names it', () => {
    // glibc declares fscanf with __asm__ ("" "__isoc99_fscanf"): GCC titles the node with the assembler name.
    const ci = `graph: { title: "a.c"
node: { title: "f" label: "f\\na.c:2:5" }
node: { title: "*__isoc99_fscanf" label: "fscanf\\n/usr/include/stdio.h:434:12" shape : ellipse }
edge: { sourcename: "f" targetname: "*__isoc99_fscanf" label: "a.c:2:31" }
}`;
    expect(parseCallGraphInfo(ci, '/src')).toEqual([{ caller: 'f', callee: 'fscanf', file: '/src/a.c', line: 2, column: 31 }]);
  });

  it('names a copy the optimizer made of a function as the function the source calls', () => {
    // arm-none-eabi-gcc -O3 on CMSIS-DSP's arm_rfft_fast_f32.c: interprocedural SRA and constant propagation clones.
    const ci = `graph: { title: "r.c"
node: { title: "r.c:merge.isra.0" label: "merge.isra\\nr.c:408:13" }
node: { title: "r.c:size.constprop.0" label: "size.constprop\\nr.c:20:5" }
node: { title: "rfft" label: "rfft\\nr.c:600:6" }
edge: { sourcename: "rfft" targetname: "r.c:merge.isra.0" label: "r.c:690:7" }
edge: { sourcename: "rfft" targetname: "r.c:size.constprop.0" label: "r.c:691:7" }
edge: { sourcename: "rfft" targetname: "r.c:split.part.0" label: "r.c:692:7" }
}`;
    expect(parseCallGraphInfo(ci, '/src').map((e) => `${e.caller} > ${e.callee}`)).toEqual(['rfft > merge', 'rfft > size', 'rfft > split']);
  });
});

describe.skipIf(!hasTool('gcc'))('check-callgraph against gcc', () => {
  it('finds every compiler call edge and indirect call site, and reports a missing one', async () => {
    const { root } = await indexedFixture(['callgraph', 'driver-stack']);
    const r = withProject(root, (ctx) => checkCallGraph(ctx, {}));
    expect(r.units.filter((u) => u.status === 'checked')).toHaveLength(5);
    expect(r.edges).toBeGreaterThan(12);
    expect(r.indirect).toBe(4);
    expect(r.missing).toEqual([]);
    expect(r.edgesFound).toBe(r.edges);
    const cli = runCli(root, ['check-callgraph']);
    expect(cli.status).toBe(0);
    expect(cli.stdout).toMatch(/indirect call sites found: 4\/4/);

    // Plant a miss: the macro-written call to z_errno disappears from the index.
    const { db } = openIndexForWrite(indexPath(root));
    db.prepare("DELETE FROM ref_rows WHERE name_id = (SELECT id FROM names WHERE name = 'z_errno')").run();
    db.close();
    const broken = withProject(root, (ctx) => checkCallGraph(ctx, {}));
    expect(broken.missing).toEqual([expect.objectContaining({ kind: 'call', caller: 'uart_alloc_buffer', callee: 'z_errno', file: 'src/drivers/uart.c', line: 35 })]);
    expect(runCli(root, ['check-callgraph']).status).toBe(1);
  });
});

describe.skipIf(!hasTool('gcc'))('check-callgraph of an optimized build', () => {
  it('names the function a call was written to, not the one identical code folding merged it into', async () => {
    const { root } = await indexedFixture(['callgraph', 'identical-functions']);
    const r = withProject(root, (ctx) => checkCallGraph(ctx, {}));
    expect(r.missing).toEqual([]);
    expect(r.edges).toBe(1);
    expect(r.edgesFound).toBe(1);
  });
});

describe.skipIf(!hasTool('gcc'))('check-callgraph on a project with several builds', () => {
  it('takes the build from the compile database it is given', async () => {
    const root = copyFixtureToTemp('callgraph', 'driver-stack');
    fs.cpSync(path.join(root, 'build'), path.join(root, 'build-b'), { recursive: true });
    writeConfig(root, DEFAULT_CONFIG);
    await indexProject({ root });
    const r = withProject(root, (ctx) => checkCallGraph(ctx, { compileCommands: path.join(root, 'build-b/compile_commands.json') }));
    expect(r.missing).toEqual([]);
    expect(r.edgesFound).toBe(r.edges);
    const cli = runCli(root, ['check-callgraph', 'build/compile_commands.json']);
    expect(cli.stderr).toBe('');
    expect(cli.status).toBe(0);
    // Without a compile database the build must still be named.
    expect(runCli(root, ['check-callgraph']).stderr).toMatch(/names none/);
  });
});

describe.skipIf(!hasTool('gcc'))('check-callgraph of a build folder linking several programs', () => {
  it('checks each unit against an image that links it, and finds the calls GCC places away from their line', async () => {
    const { root } = await indexedFixture(['callgraph', 'program-images']);
    const r = withProject(root, (ctx) => checkCallGraph(ctx, { compileCommands: path.join(root, 'build/compile_commands.json') }));
    expect(r.units.filter((u) => u.status === 'skipped').map((u) => `${path.relative(root, u.unit)}: ${u.reason}`)).toEqual(['tests/helpers.c: no image of build links it']);
    expect(r.units.filter((u) => u.status === 'checked').map((u) => path.relative(root, u.unit))).toEqual(['lib/cipher.c', 'tool_a/tool_a.c', 'tool_b/tool_b.c']);
    // cipher_block_size( in the arguments of a call through cipher_base_of(...)->cbc_func(, placed at the chain's
    // start (line 12); prf(x) made direct, a call of prf_sha256 at line 38.
    expect(r.missing).toEqual([]);
    expect([r.edgesFound, r.edges, r.indirectFound, r.indirect]).toEqual([7, 7, 1, 1]);
    const cli = runCli(root, ['check-callgraph', 'build/compile_commands.json']);
    expect(cli.stderr).toBe('');
    expect(cli.status).toBe(0);
    // One image named checks all units against it: the other program's units are not in its index.
    const one = withProject(root, (ctx) => checkCallGraph(ctx, { variant: 'build', image: 'tool_a', compileCommands: path.join(root, 'build/compile_commands.json') }));
    expect(one.missing.map((m) => `${m.file}:${m.line} ${m.callee}`)).toEqual(['tool_b/tool_b.c:5 tls_prf', 'tool_b/tool_b.c:10 derive', 'tests/helpers.c:5 tls_prf']);
  });
});

// Recovers what a compile database would hold from a parsed ninja manifest: one compile unit per edge whose
// command runs a C/C++ compiler with -c on exactly one explicit source input, and the link commands (driver or
// ld with -o, not -c/-E) with their -T scripts, -Map and output. Launchers (ccache...) are dropped from argv.
import path from 'node:path';
import type { CompileUnit, Diagnostic, LinkSource } from '../contract.js';
import { isSourceFile, splitCommand } from '../../src/model/compile-args.js';
import { ownString } from '../../src/model/own-strings.js';
import { isCompilerProgram, isLinkerProgram, parseLinkArgs, splitShellSegments, stripLauncher, type LinkInfo } from '../shared/link-args.js';
import type { NinjaEdge, NinjaManifest } from './parse-ninja.js';
import { edgeVariable } from './edge-command.js';

export interface RecoveredLink {
  edge: NinjaEdge;
  /** argv of the link command (compiler driver or linker first). */
  argv: string[];
  info: LinkInfo;
  /** The edge's outputs, explicit and implicit, absolute. */
  outputs: string[];
}

export interface RecoveredBuild {
  units: CompileUnit[];
  links: RecoveredLink[];
  diagnostics: Diagnostic[];
}

function commandOf(edge: NinjaEdge, diagnostics: Diagnostic[]): string {
  const r = edgeVariable(edge, 'command');
  if (r.cycle) {
    diagnostics.push({ severity: 'error', file: edge.file, line: edge.line, message: `cycle in rule variables: ${r.cycle.join(' -> ')}`, fix: `correct rule '${edge.rule.name}'` });
  }
  return r.value;
}

export function recoverFromManifest(m: NinjaManifest): RecoveredBuild {
  const out: RecoveredBuild = { units: [], links: [], diagnostics: [] };
  const dir = m.buildDir;
  for (const edge of m.edges) {
    if (edge.rule.name === 'phony') continue;
    const command = commandOf(edge, out.diagnostics);
    if (!command) continue;
    const segments = splitShellSegments(splitCommand(command)).map(stripLauncher);
    const compile = segments.find((s) => isCompilerProgram(s[0]) && s.includes('-c'));
    if (compile) {
      if (edge.inputs.length === 1 && isSourceFile(edge.inputs[0])) {
        out.units.push({
          file: path.resolve(dir, edge.inputs[0]),
          directory: dir,
          arguments: compile,
          output: edge.outputs[0] ? path.resolve(dir, edge.outputs[0]) : undefined,
        });
      }
      continue;
    }
    const link = segments.find(
      (s) => (isCompilerProgram(s[0]) || isLinkerProgram(s[0])) && s.some((a) => a === '-o' || (a.startsWith('-o') && a.length > 2)) && !s.includes('-E') && !s.includes('-S') && !s.includes('-M'),
    );
    if (link) out.links.push({ edge, argv: link, info: parseLinkArgs(link, dir), outputs: [...edge.outputs, ...edge.implicitOutputs].map((o) => path.resolve(dir, o)) });
  }
  return out;
}

/** Where a recovered link command was read: the manifest file holding its edge and the edge's first output. */
export function linkSourceOf(link: RecoveredLink): LinkSource | undefined {
  const output = link.edge.outputs[0];
  // Kept with the build (its record's inputs): a slice of the manifest's text would keep all of it (mbed CE: 7 MB).
  return output ? { file: link.edge.file, output: ownString(output) } : undefined;
}

/**
 * The link command a build is about: the one producing `preferOutput` when given, else one with a linker
 * script, else one producing an `.elf`, else the first.
 */
export function chooseLink(links: RecoveredLink[], preferOutput?: string): RecoveredLink | undefined {
  if (preferOutput) {
    const hit = links.find((l) => l.info.output === preferOutput || l.outputs.includes(preferOutput));
    if (hit) return hit;
  }
  return (
    links.find((l) => l.info.linkerScripts.length > 0 && /\.(elf|axf|out)$/i.test(l.info.output ?? '')) ??
    links.find((l) => l.info.linkerScripts.length > 0) ??
    links.find((l) => /\.(elf|axf)$/i.test(l.info.output ?? '')) ??
    links[0]
  );
}

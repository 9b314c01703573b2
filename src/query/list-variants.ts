// list_variants: every build the project declares (found by the adapters now) and every build the index
// holds, with images, board, build system, provenance and whether (and when) it was indexed.
import path from 'node:path';
import type { DetectResult } from '../../adapters/detection-cache.js';
import { unitCount } from '../../adapters/lazy-units.js';
import { detectProjectBuildsLazily, unreadableDescription } from '../project/build-detection.js';
import { detectDeclaredBuilds } from '../project/declared-builds.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { ProjectContext } from './project-context.js';
import { QueryError } from './query-error.js';
import { linkingInfo, type LinkingInfo } from './linking-info.js';

interface VariantImageFields {
  image: string;
  type: string | null;
  default_image: boolean;
  board: string | null;
  build_system: string;
  provenance: string;
  build_dir: string;
  compile_commands: string | null;
  description: string;
  indexed: boolean;
  indexed_at: string | null;
  /** Declared by the build folders on disk now (false: only in the index, its folder is gone or unreadable). */
  declared: boolean;
  /** Indexed, but its build description cannot be read now (an empty or broken compile database): the error; the previous index answers. */
  unreadable?: Diagnostic;
}
export type VariantImage = VariantImageFields & LinkingInfo;

export interface VariantEntry {
  variant: string;
  board: string | null;
  images: VariantImage[];
}

export interface ListVariantsResult {
  project_root: string;
  default_variant: string | null;
  default_image: string | null;
  variants: VariantEntry[];
  diagnostics: Diagnostic[];
}

function requireInitialized(ctx: ProjectContext): void {
  if (!ctx.initialized) throw new QueryError(`${ctx.root} is not an fw-context project`, 'run `fw-context init` in the project root');
}

/** listVariants with the builds detected first, from the detection cache while it holds (no adapter loads then). */
export async function listVariantsNow(ctx: ProjectContext): Promise<ListVariantsResult> {
  requireInitialized(ctx);
  return listVariants(ctx, await detectProjectBuildsLazily(ctx.root, ctx.config));
}

/** `detected`: the project's builds as detected now (by default, detected here with the adapters). */
export function listVariants(ctx: ProjectContext, detected?: DetectResult): ListVariantsResult {
  requireInitialized(ctx);
  const rel = (p: string) => path.relative(ctx.root, p) || '.';
  const { builds: declared, diagnostics } = detected ?? detectDeclaredBuilds(ctx.root, ctx.config);
  const indexed = ctx.reader?.builds() ?? [];
  const byKey = new Map<string, VariantImage & { variant: string }>();
  const entry = (b: { variant: string; image: string; board: string | null; buildDir: string; compileCommands: string | null; description: string; provenance: string }, more: Omit<VariantImage, 'image' | 'board' | 'build_dir' | 'compile_commands' | 'description' | 'provenance'>) => ({
    variant: b.variant,
    image: b.image,
    board: b.board,
    provenance: b.provenance,
    build_dir: rel(b.buildDir),
    compile_commands: b.compileCommands ? rel(b.compileCommands) : null,
    description: b.description,
    ...more,
  });
  for (const b of declared) {
    const row = { variant: b.variant, image: b.image, buildDir: b.buildDir, description: b.description, provenance: b.provenance, board: b.board ?? null, compileCommands: b.compileCommands ?? null };
    // The unit count alone: a cached build's units are not made for it.
    const link = linkingInfo(ctx.root, unitCount(b), b.linkedUnits?.length ?? null, b.linking);
    byKey.set(`${b.variant}\u0000${b.image}`, entry(row, { type: b.imageType ?? null, default_image: !!b.defaultImage, build_system: b.buildSystem, ...link, indexed: false, indexed_at: null, declared: true }));
  }
  for (const b of indexed) {
    const key = `${b.variant}\u0000${b.image}`;
    const known = byKey.get(key);
    if (known) {
      known.indexed = true;
      known.indexed_at = b.indexedAt;
      continue;
    }
    const link = linkingInfo(ctx.root, b.units.length, b.linkedUnits?.length ?? null, b.linking);
    const unreadable = unreadableDescription(ctx.root, diagnostics, b.buildDir);
    byKey.set(key, entry(b, { type: b.imageType, default_image: b.defaultImage, build_system: b.buildSystem, ...link, indexed: true, indexed_at: b.indexedAt, declared: false, ...(unreadable ? { unreadable: { ...unreadable, file: rel(path.resolve(ctx.root, unreadable.file)) } } : {}) }));
  }
  const variants = new Map<string, VariantEntry>();
  for (const v of [...byKey.values()].sort((a, b) => a.variant.localeCompare(b.variant) || a.image.localeCompare(b.image))) {
    const { variant, ...image } = v;
    const entry = variants.get(variant) ?? { variant, board: image.board, images: [] };
    entry.images.push(image);
    variants.set(variant, entry);
  }
  // The config's default, else the build system's own (the first of PlatformIO's default_envs).
  const defaultVariant = ctx.config.defaultVariant ?? declared.find((b) => b.defaultVariant)?.variant ?? null;
  return { project_root: ctx.root, default_variant: defaultVariant, default_image: ctx.config.defaultImage, variants: [...variants.values()], diagnostics };
}

// Fail-closed build scoping: every symbol query resolves to exactly one (variant, image). One build is
// used without asking; otherwise the query or the config must name it, and a refusal lists the choices.
import type { BuildRow, IndexReader } from '../index/index-reader.js';
import type { ProjectConfig } from '../project/config.js';
import { QueryError } from './query-error.js';
import { ambiguousVariantError, buildByLabel, variantsByAlias } from './variant-aliases.js';

export interface BuildSelector {
  variant?: string;
  image?: string;
}

export function choicesOf(builds: readonly Pick<BuildRow, 'variant' | 'image'>[]): { variants: string[]; variant_images: Record<string, string[]> } {
  const variantImages: Record<string, string[]> = {};
  for (const b of builds) (variantImages[b.variant] ??= []).push(b.image);
  return { variants: Object.keys(variantImages).sort(), variant_images: variantImages };
}

function describeChoices(builds: readonly Pick<BuildRow, 'variant' | 'image'>[]): string {
  const { variant_images } = choicesOf(builds);
  return Object.entries(variant_images)
    .map(([v, imgs]) => (imgs.length > 1 || imgs[0] !== 'app' ? `${v} (images: ${imgs.join(', ')})` : v))
    .join('; ');
}

/**
 * The builds declared on disk now, when the caller can tell (lazily: it runs the adapters): names builds not
 * indexed yet in a refusal, and gives the build system's own default variant (PlatformIO default_envs).
 */
export type DeclaredBuilds = () => { variant: string; image: string; defaultVariant?: boolean }[];

/** The variant the build system builds when none is named, when it is indexed (the first of PlatformIO's default_envs). */
function buildSystemDefault(builds: readonly BuildChoice[], declared?: DeclaredBuilds): string | undefined {
  const named = declared?.().find((d) => d.defaultVariant)?.variant;
  return named !== undefined && builds.some((b) => b.variant === named) ? named : undefined;
}

/**
 * The build a query names. A variant name that is not a variant may be an alias (board, board without
 * qualifiers, build folder; `root` makes relative folders resolvable); several variants behind one alias refuse.
 */
export function resolveBuild(reader: IndexReader, config: ProjectConfig, sel: BuildSelector = {}, declared?: DeclaredBuilds, root?: string): BuildRow {
  // Chosen among the builds' names; only the chosen build's row is read whole (a project of 246 envs: each row's
  // diagnostics and units lists read for every query, ~0.4 s).
  const chosen = resolveAmong(reader.buildChoices(), config, sel, declared, root);
  const row = reader.build(chosen.id);
  if (!row) throw new QueryError(`build ${chosen.variant}/${chosen.image} left the index while it was read`, 'run the query again');
  return row;
}

/** What resolving a build reads of each: its names, and the board and folder aliases name it by. */
export type BuildChoice = Pick<BuildRow, 'variant' | 'image' | 'board' | 'buildDir'>;

/** resolveBuild among given builds (full rows or status's summaries): the one it names. */
export function resolveAmong<B extends BuildChoice>(builds: B[], config: ProjectConfig, sel: BuildSelector = {}, declared?: DeclaredBuilds, root?: string): B {
  if (builds.length === 0) throw new QueryError('the index holds no build yet', 'run `fw-context index`');
  const details = choicesOf(builds);
  const variant = sel.variant?.trim() || undefined;
  let image = sel.image?.trim() || undefined;
  if (variant === '*' || image === '*') {
    throw new QueryError(
      `one query answers for one build; "*" is not a build. Valid builds: ${describeChoices(builds)}`,
      (s) => `repeat the query once per build you need, naming its ${s.arg('variant')} (and ${s.arg('image')})`,
      details,
    );
  }
  let candidates = builds;
  const severalVariants = new Set(builds.map((b) => b.variant)).size > 1;
  // Named by the query, else by [build] default_variant, else by the build system (platformio.ini default_envs).
  const wantedVariant = variant ?? (builds.length > 1 || severalVariants ? config.defaultVariant ?? (severalVariants ? buildSystemDefault(builds, declared) : undefined) : undefined);
  if (wantedVariant) {
    candidates = builds.filter((b) => b.variant === wantedVariant);
    if (candidates.length === 0) {
      const aliases = variantsByAlias(builds, wantedVariant, root);
      if (aliases.length === 1) {
        candidates = builds.filter((b) => b.variant === aliases[0].variant);
        image ??= aliases[0].image;
      } else if (aliases.length > 1) throw ambiguousVariantError(wantedVariant, aliases, details);
      else {
        const labelled = buildByLabel(builds, wantedVariant);
        if (labelled && (!image || image === labelled.image)) return labelled;
      }
    }
    if (candidates.length === 0) {
      const pending = declared?.().filter((d) => d.variant === wantedVariant) ?? [];
      if (pending.length) {
        throw new QueryError(
          `variant "${wantedVariant}" is a build of this project but is not indexed yet (images: ${pending.map((d) => d.image).join(', ')}). Indexed builds: ${describeChoices(builds)}`,
          `run \`fw-context index --variant ${wantedVariant}\`, or name one of the indexed builds`,
          details,
        );
      }
      const from = variant ? 'the query' : '[build] default_variant in .fw-context/config.ini';
      throw new QueryError(
        `unknown variant "${wantedVariant}" (named by ${from}). Valid builds: ${describeChoices(builds)}`,
        `name one of the listed variants; if "${wantedVariant}" is a build folder not indexed yet, run \`fw-context index --variant ${wantedVariant}\``,
        details,
      );
    }
  } else if (severalVariants) {
    throw new QueryError(
      `this project has ${builds.length} builds and the query names none. Valid builds: ${describeChoices(builds)}`,
      (s) => `pass ${s.arg('variant')} (and ${s.arg('image')} when the variant lists several), or set [build] default_variant in .fw-context/config.ini (a PlatformIO project's default_envs in platformio.ini stands in for it)`,
      details,
    );
  }
  if (candidates.length === 1) {
    if (image && candidates[0].image !== image) {
      throw new QueryError(`variant "${candidates[0].variant}" has no image "${image}"; its image is ${candidates[0].image}`, (s) => `use ${s.arg('image', candidates[0].image)} or omit ${s.arg('image')}`, details);
    }
    return candidates[0];
  }
  const wantedImage = image ?? config.defaultImage ?? undefined;
  if (wantedImage) {
    const hit = candidates.find((b) => b.image === wantedImage);
    if (hit) return hit;
    throw new QueryError(
      `variant "${candidates[0].variant}" has no image "${wantedImage}". Its images: ${candidates.map((b) => b.image).join(', ')}`,
      'name one of the listed images',
      details,
    );
  }
  throw new QueryError(
    `variant "${candidates[0].variant}" has ${candidates.length} images and the query names none: ${candidates.map((b) => b.image).join(', ')}`,
    (s) => `pass ${s.arg('image')} (for example the application or the bootloader), or set [build] default_image in .fw-context/config.ini`,
    details,
  );
}

// Other names a query may give a build by: its board, the board without qualifiers (`qemu_cortex_m3` for
// `qemu_cortex_m3/ti_lm3s6965`), or its build folder (relative to the project root, absolute, or its last
// component), or the label answers print a build by (`variant:image`, `variant/image`). Used only when no variant
// has that exact name; several variants behind one name are refused.
// Queries (indexed builds) and `fw-context index --variant` (detected builds) resolve names the same way.
import fs from 'node:fs';
import path from 'node:path';
import { QueryError } from './query-error.js';

/** What an alias can match: an indexed build row or a detected build description. */
export interface AliasTarget {
  variant: string;
  board?: string | null;
  buildDir: string;
}

export interface AliasMatch {
  variant: string;
  /** What the name matched: `board`, `board without qualifiers` or `build folder`. */
  via: string;
  /** The image whose build folder the name is, when it is the folder of one image of the variant (a sysbuild image's). */
  image?: string;
}

function realOrSame(p: string): string {
  try {
    return fs.realpathSync.native(p);
  } catch {
    return p;
  }
}

/** Variants `name` names through an alias, one entry per variant (the first way it matched). */
export function variantsByAlias(builds: (AliasTarget & { image?: string })[], name: string, root?: string): AliasMatch[] {
  const wanted = name.replace(/[\\/]+$/, '');
  const asPath = root ? realOrSame(path.resolve(root, wanted)) : undefined;
  const out = new Map<string, { via: string; folderImages: string[] }>();
  for (const b of builds) {
    let via: string | undefined;
    if (b.board && b.board.toLowerCase() === wanted.toLowerCase()) via = 'board';
    else if (b.board && b.board.split('/')[0].toLowerCase() === wanted.toLowerCase()) via = 'board without qualifiers';
    else if (b.buildDir === asPath || (root && path.relative(root, b.buildDir).split(path.sep).join('/') === wanted) || path.basename(b.buildDir) === wanted) via = 'build folder';
    if (!via) continue;
    const match = out.get(b.variant) ?? out.set(b.variant, { via, folderImages: [] }).get(b.variant)!;
    if (via === 'build folder' && match.via === via && b.image !== undefined) match.folderImages.push(b.image);
  }
  return [...out].map(([variant, { via, folderImages }]) => {
    const others = builds.some((b) => b.variant === variant && b.image !== undefined && !folderImages.includes(b.image));
    return folderImages.length === 1 && others ? { variant, via, image: folderImages[0] } : { variant, via };
  });
}

/**
 * The build a label names, `variant:image` or `variant/image` as answers print builds, when `name` is no variant
 * or alias: the part before the last `:` (or `/`) is a variant's exact name, the part after one of its images.
 */
export function buildByLabel<B extends { variant: string; image: string }>(builds: readonly B[], name: string): B | undefined {
  for (const sep of [':', '/']) {
    const at = name.lastIndexOf(sep);
    if (at <= 0 || at === name.length - 1) continue;
    const variant = name.slice(0, at);
    const image = name.slice(at + 1);
    const hit = builds.find((b) => b.variant === variant && b.image === image);
    if (hit) return hit;
  }
  return undefined;
}

/** The refusal of a name that several variants answer to; `details` joins the candidates. */
export function ambiguousVariantError(name: string, aliases: AliasMatch[], details: Record<string, unknown> = {}): QueryError {
  return new QueryError(
    `"${name}" is ambiguous: it names ${aliases.length} variants (${aliases.map((a) => `${a.variant} by its ${a.via}`).join('; ')})`,
    `name one of them exactly: ${aliases.map((a) => a.variant).join(', ')}`,
    { ...details, candidates: aliases.map((a) => a.variant) },
  );
}

/**
 * The builds `fw-context index --variant/--image` names: each variant exactly, else by its one alias (several
 * names select the builds of each, in the order detected). A name no build answers to, or that several variants
 * answer to, is refused with the valid variants.
 */
export function selectBuildsByName<B extends AliasTarget & { image: string }>(builds: B[], sel: { variant?: string | readonly string[]; image?: string }, root?: string): B[] {
  const names = typeof sel.variant === 'string' || sel.variant === undefined ? [sel.variant] : sel.variant;
  if (names.length <= 1) return buildsOfOneName(builds, { variant: names[0], image: sel.image }, root);
  const chosen = new Set(names.flatMap((variant) => buildsOfOneName(builds, { variant, image: sel.image }, root)));
  return builds.filter((b) => chosen.has(b));
}

/** selectBuildsByName for one variant name (or none: every build of the image, or every build). */
function buildsOfOneName<B extends AliasTarget & { image: string }>(builds: B[], sel: { variant?: string; image?: string }, root?: string): B[] {
  let variant = sel.variant?.trim() || undefined;
  let image = sel.image?.trim() || undefined;
  const variants = [...new Set(builds.map((b) => b.variant))].sort();
  if (variant && !variants.includes(variant)) {
    const aliases = variantsByAlias(builds, variant, root);
    if (aliases.length > 1) throw ambiguousVariantError(variant, aliases, { variants });
    const labelled = aliases.length === 0 ? buildByLabel(builds, variant) : undefined;
    if (labelled && (!image || image === labelled.image)) return [labelled];
    if (aliases.length === 0) {
      throw new QueryError(`no build of this project is named "${variant}". Its variants: ${variants.join(', ') || '(none found)'}`, 'name one of the listed variants, its board or its build folder (fw-context variants lists them)', { variants });
    }
    variant = aliases[0].variant;
    image ??= aliases[0].image;
  }
  const selected = builds.filter((b) => (!variant || b.variant === variant) && (!image || b.image === image));
  if (image && selected.length === 0) {
    const images = [...new Set(builds.filter((b) => !variant || b.variant === variant).map((b) => b.image))].sort();
    throw new QueryError(`no build${variant ? ` of variant "${variant}"` : ''} has an image "${image}". Its images: ${images.join(', ')}`, 'name one of the listed images', { images });
  }
  return selected;
}

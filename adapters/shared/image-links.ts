// Which link commands of one build folder are images of their own, and their names: a CMake or ninja build linking
// several programs (an examples tree, a second-stage bootloader beside the app) has one image per executable link.
import path from 'node:path';

/** A link as the adapters hold it: its argv and what it writes. */
export interface ImageLinkLike {
  argv: string[];
  info: { linkerScripts: string[]; output?: string };
}

export interface NamedImageLink<L extends ImageLinkLike> {
  link: L;
  /** The program's name: its output without folder and extension, or its path in the build folder when two share it. */
  image: string;
  /** The one link with a linker script among host programs (a firmware beside its tools), when there is exactly one. */
  defaultImage: boolean;
}

const SHARED_OUTPUT = /\.(so|dll|dylib)(\.\d+)*$/i;
const PROGRAM_EXTENSION = /\.(elf|axf|out|exe)$/i;

/** Links that write a program: not a shared library, not a partial (`-r`) link. */
export function programLinks<L extends ImageLinkLike>(links: L[]): L[] {
  return links.filter((l) => {
    const out = l.info.output;
    if (!out || SHARED_OUTPUT.test(out)) return false;
    return !l.argv.some((a) => a === '-shared' || a === '-r' || a === '--relocatable' || a === '-Ur' || a === '-Wl,-r');
  });
}

/**
 * The images of a build folder linking `links` (already filtered by programLinks), named after their outputs. One
 * link or none gives no names: the build keeps its single `app` image.
 */
export function namedImageLinks<L extends ImageLinkLike>(links: L[], buildDir: string): NamedImageLink<L>[] {
  if (links.length < 2) return [];
  const base = (l: L) => path.basename(l.info.output!).replace(PROGRAM_EXTENSION, '');
  const counts = new Map<string, number>();
  for (const l of links) counts.set(base(l), (counts.get(base(l)) ?? 0) + 1);
  const inFolder = (l: L) => path.relative(buildDir, l.info.output!).split(path.sep).join('/').replace(PROGRAM_EXTENSION, '');
  const scripted = links.filter((l) => l.info.linkerScripts.length > 0);
  return links
    .map((l) => ({ link: l, image: counts.get(base(l))! > 1 ? inFolder(l) : base(l), defaultImage: scripted.length === 1 && scripted[0] === l }))
    .sort((a, b) => a.image.localeCompare(b.image));
}

/** One image of a build folder: its link (none when none was found), its name, and whether it is the default. */
export interface FolderImage<L extends ImageLinkLike> {
  link: L | undefined;
  image: string;
  defaultImage: boolean;
  /** Whether the folder links several programs, each an image named after it. */
  named: boolean;
}

/**
 * The images of a build folder linking `links`: one per program when it links several (namedImageLinks), else the
 * single default image `app` with the link the adapter chose (`chosen`, possibly none).
 */
export function folderImages<L extends ImageLinkLike>(links: L[], chosen: L | undefined, buildDir: string): FolderImage<L>[] {
  const named = namedImageLinks(programLinks(links), buildDir);
  if (named.length) return named.map((n) => ({ ...n, named: true }));
  return [{ link: chosen, image: 'app', defaultImage: true, named: false }];
}


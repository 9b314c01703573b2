// The folders an installed Arduino framework package adds to a derived env's build, as its platform's builder adds
// them: the core's and the board variant's include folders, and the package's `libraries` as a library storage (the
// library finder's last). Only for packages installed under packages_dir; builders not in the table add none here.
import path from 'node:path';
import { manifestString } from './board-manifest.js';
import { picoVariant, type BuilderInput } from './arduino-builders.js';

/** Include folders (after build_flags' -I) and library storages (after the project's) a framework adds. */
export interface FrameworkFolders {
  includeDirs: string[];
  libraryDirs: string[];
}

/** The board's variant folder: build.variants_dir (project-relative) or the package's `variants`. */
function variantDir(input: BuilderInput, packageDir: string, variant: string | undefined): string[] {
  if (!variant) return [];
  const own = manifestString(input.manifest, 'build.variants_dir');
  return [path.join(own ? path.resolve(input.projectDir ?? '', own) : path.join(packageDir, 'variants'), variant)];
}

/** platform-atmelavr: the core's package (Arduino's, or the board's build.core: MiniCore, ATTinyCore, ...). */
function atmelavr(input: BuilderInput): FrameworkFolders | undefined {
  const core = manifestString(input.manifest, 'build.core') || 'arduino';
  const pkg = ['dtiny', 'pro'].includes(core) ? 'framework-arduino-avr-digistump' : ['tiny', 'tinymodern'].includes(core) ? 'framework-arduino-avr-attiny' : core === 'arduino' ? 'framework-arduino-avr' : `framework-arduino-avr-${core.toLowerCase()}`;
  const dir = input.packages?.packageDir(pkg);
  if (!dir) return undefined;
  return { includeDirs: [path.join(dir, 'cores', core), ...variantDir(input, dir, manifestString(input.manifest, 'build.variant'))], libraryDirs: [path.join(dir, 'libraries')] };
}

/** platform-teensy: the board's core (`teensy` for 2.x also puts `cores` itself on the path), its variant when named. */
function teensy(input: BuilderInput): FrameworkFolders | undefined {
  const dir = input.packages?.packageDir('framework-arduinoteensy');
  const core = manifestString(input.manifest, 'build.core');
  if (!dir || !core) return undefined;
  const variant = manifestString(input.manifest, 'build.variant');
  return { includeDirs: [path.join(dir, 'cores', core), ...(core === 'teensy' ? [path.join(dir, 'cores')] : []), ...(variant ? [path.join(dir, 'variants', variant)] : [])], libraryDirs: [path.join(dir, 'libraries')] };
}

/**
 * Arduino-pico (build.core earlephilhower): the core's folders, the chip's and the core's include lists
 * (`lib/<chip>/platform_inc.txt`, `lib/core_inc.txt`: `-iwithprefixbefore/<path>` under the package, as the builder
 * expands them for an IDE), TinyUSB's folder when USE_TINYUSB is defined, `include`, the variant.
 */
function raspberrypi(input: BuilderInput): FrameworkFolders | undefined {
  if (manifestString(input.manifest, 'build.core') !== 'earlephilhower') return undefined;
  const packages = input.packages;
  const dir = packages?.packageDir('framework-arduinopico');
  const chip = manifestString(input.manifest, 'build.mcu');
  if (!packages || !dir || !chip) return undefined;
  const listed = [packages.text('framework-arduinopico', `lib/${chip}/platform_inc.txt`), packages.text('framework-arduinopico', 'lib/core_inc.txt')]
    .flatMap((t) => (t ?? '').split(/\r?\n/))
    .map((l) => l.trim())
    .filter((l) => l.startsWith('-iwithprefixbefore/'))
    .map((l) => path.join(dir, l.slice('-iwithprefixbefore/'.length)))
    .filter((d) => packages.isDirAt(d));
  const core = path.join(dir, 'cores', 'rp2040');
  const tinyUsb = input.defines.some(([n]) => n === 'USE_TINYUSB') ? [path.join(dir, 'libraries', 'Adafruit_TinyUSB_Arduino', 'src', 'arduino')] : [];
  return {
    includeDirs: [...new Set([core, path.join(core, 'api', 'deprecated'), path.join(core, 'api', 'deprecated-avr-comp'), ...listed, ...tinyUsb, path.join(dir, 'include'), ...variantDir(input, dir, picoVariant(input.manifest))])],
    libraryDirs: [path.join(dir, 'libraries')],
  };
}

const FOLDERS: Record<string, (input: BuilderInput) => FrameworkFolders | undefined> = { atmelavr, teensy, raspberrypi };

/** The folders the env's installed Arduino framework adds, or undefined (not installed, or no entry for its platform). */
export function frameworkFolders(input: BuilderInput): FrameworkFolders | undefined {
  return FOLDERS[input.platform]?.(input);
}

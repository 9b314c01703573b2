// PlatformIO's handling of option values: which options hold several values, how they split
// (`parse_multi_values`: by newline, else by ", "), configparser's `%%` and `%(name)s` interpolation, and the
// defaults of the few options the adapter reads. Leaves out option type validation.

/** Options PlatformIO declares `multiple` (the ones this adapter may read or interpolate). */
export const MULTIPLE_OPTIONS = new Set([
  'build_flags', 'build_unflags', 'build_src_flags', 'src_build_flags', 'build_src_filter', 'src_filter', 'extends',
  'extra_configs', 'default_envs', 'lib_deps', 'lib_ignore', 'lib_extra_dirs', 'extra_scripts', 'platform_packages',
  'monitor_filters', 'test_filter', 'test_ignore', 'check_flags', 'check_src_filters', 'debug_extra_cmds', 'upload_flags',
]);

const INLINE_COMMENT_RE = /\s+;.*$/;

export function parseMultiValues(value: string | undefined): string[] {
  if (!value) return [];
  const items = value.includes('\n') ? value.split('\n') : value.split(', ');
  const out: string[] = [];
  for (let item of items) {
    item = item.trim();
    if (!item || item.startsWith(';') || item.startsWith('#')) continue;
    if (item.includes(';')) item = item.replace(INLINE_COMMENT_RE, '').trim();
    out.push(item);
  }
  return out;
}

/** `extends` lists: like parseMultiValues, but also split `a,b` (the documented "split with ,"). */
export function parseExtends(value: string | undefined): string[] {
  return parseMultiValues(value).flatMap((v) => v.split(',').map((x) => x.trim())).filter(Boolean);
}

/** configparser BasicInterpolation on a raw value: `%%` → `%`, `%(name)s` → the same section's raw option. */
export function basicInterpolation(value: string, sectionOption: (name: string) => string | undefined): string {
  if (!value.includes('%')) return value;
  return value.replace(/%%|%\(([^)]+)\)s/g, (m, name: string | undefined) => (m === '%%' ? '%' : (sectionOption(name!.toLowerCase()) ?? '')));
}

/**
 * Defaults PlatformIO applies when an option is absent (paths relative to the project folder; `~` is the home folder,
 * see PioProjectConfig.get): every `[platformio]` folder, as project/options.py declares them.
 */
export const OPTION_DEFAULTS: Record<string, string> = {
  'platformio.core_dir': '~/.platformio',
  'platformio.globallib_dir': '${platformio.core_dir}/lib',
  'platformio.platforms_dir': '${platformio.core_dir}/platforms',
  'platformio.packages_dir': '${platformio.core_dir}/packages',
  'platformio.cache_dir': '${platformio.core_dir}/.cache',
  'platformio.workspace_dir': '.pio',
  'platformio.build_dir': '${platformio.workspace_dir}/build',
  'platformio.libdeps_dir': '${platformio.workspace_dir}/libdeps',
  'platformio.include_dir': 'include',
  'platformio.src_dir': 'src',
  'platformio.lib_dir': 'lib',
  'platformio.data_dir': 'data',
  'platformio.test_dir': 'test',
  'platformio.boards_dir': 'boards',
  'platformio.monitor_dir': 'monitor',
  'platformio.shared_dir': 'shared',
  'env.build_src_filter': '+<*> -<.git/> -<.svn/>',
  'env.build_type': 'release',
  'env.debug_build_flags': '-Og\n-g2\n-ggdb2',
};

/** System environment variables PlatformIO reads for options (`sysenvvar`); multiple options get them appended. */
export const OPTION_SYSENV: Record<string, string> = {
  ...Object.fromEntries(
    ['core', 'globallib', 'platforms', 'packages', 'cache', 'build_cache', 'workspace', 'build', 'libdeps', 'include', 'src', 'lib', 'data', 'test', 'boards', 'monitor', 'shared'].map((d) => [
      `platformio.${d}_dir`,
      `PLATFORMIO_${d.toUpperCase()}_DIR`,
    ]),
  ),
  'platformio.default_envs': 'PLATFORMIO_DEFAULT_ENVS',
  'env.build_flags': 'PLATFORMIO_BUILD_FLAGS',
  'env.build_src_flags': 'PLATFORMIO_BUILD_SRC_FLAGS',
  'env.build_src_filter': 'PLATFORMIO_BUILD_SRC_FILTER',
};

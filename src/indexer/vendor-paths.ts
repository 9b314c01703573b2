// Decides whether a file is vendor (SDK/HAL) code: configured vendor paths, default SDK folder names,
// files outside the project root; configured project paths always win.
import path from 'node:path';
import { joinNormal, normalAbsolute, UNNORMALIZED } from '../model/plain-path.js';

/** Folder names that hold SDK/HAL code in firmware repos, unless the project itself is one of them. */
export const DEFAULT_VENDOR_DIRS = ['vendor', 'vendors', 'third_party', 'thirdparty', 'third-party', 'external', 'hal', 'modules', 'mbed-os', 'zephyr', 'Drivers'];

export interface VendorRules {
  root: string;
  vendorPaths: string[];
  projectPaths: string[];
}

function under(rel: string, prefix: string): boolean {
  const p = prefix.replace(/\\/g, '/').replace(/^\.\//, '').replace(/\/+$/, '');
  return p !== '' && (rel === p || rel.startsWith(p + '/'));
}

/** An absolute `file` is the absolute folder or file `prefix`, or lies under it (`/p/ext` does not hold `/p/external`). */
function underAbsolute(file: string, prefix: string): boolean {
  if (!path.isAbsolute(prefix)) return false;
  const p = prefix.length > 1 && (prefix.endsWith('/') || prefix.endsWith(path.sep)) ? prefix.slice(0, -1) : prefix;
  return file === p || file.startsWith(p.endsWith(path.sep) ? p : p + path.sep);
}

/** `file` is absolute. */
export function isVendorFile(file: string, rules: VendorRules): boolean {
  const rel = plainSuffix(rules.root, file) ?? path.relative(rules.root, file).split(path.sep).join('/');
  if (rel.startsWith('..') || path.isAbsolute(rel)) return !rules.projectPaths.some((p) => underAbsolute(file, p));
  if (rules.projectPaths.some((p) => under(rel, p))) return false;
  if (rules.vendorPaths.some((p) => under(rel, p))) return true;
  const rootName = path.basename(rules.root);
  const segments = rel.split('/').slice(0, -1);
  return segments.some((s) => DEFAULT_VENDOR_DIRS.includes(s) && s !== rootName);
}

/** `file` after `root/` when both are normalized POSIX paths and it lies under the root (what path.relative answers, without resolving both). */
function plainSuffix(root: string, file: string): string | undefined {
  if (path.sep !== '/' || root.length < 2 || file.length <= root.length + 1 || file.charCodeAt(root.length) !== 47 || !file.startsWith(root)) return undefined;
  const rel = file.slice(root.length + 1);
  if (rel.charCodeAt(0) === 47 || rel.startsWith('..') || UNNORMALIZED.test(rel) || UNNORMALIZED.test(root)) return undefined;
  return rel;
}

/** Stored path: project-relative POSIX inside the root, absolute outside. */
export function storedPath(root: string, file: string): string {
  const plain = plainSuffix(root, file);
  if (plain !== undefined) return plain;
  // A normal absolute path outside a normal root (a system header): path.relative would answer `..`, without resolving both.
  if (outsideRoot(root, file)) return file;
  const rel = path.relative(root, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return file;
  return rel.split(path.sep).join('/');
}

function outsideRoot(root: string, file: string): boolean {
  return normalAbsolute(root) && normalAbsolute(file) && file !== root && !file.startsWith(`${root}/`);
}

/** The file a stored path names: the inverse of storedPath (path.join's string, without its normalizing pass for a normal path). */
export function absolutePath(root: string, stored: string): string {
  return path.isAbsolute(stored) ? stored : joinNormal(root, stored);
}

/** storedPath and absolutePath of one root, remembered per path: the units of a build name mostly the same files. */
export class PathMemo {
  private stored = new Map<string, string>();
  private absolute = new Map<string, string>();

  constructor(readonly root: string) {}

  /**
   * storedPath as a function of this memo alone. Row encodings cached with the header walks keep the function they
   * were made with (see run-encodings.ts): a closure made inside a stage would keep that stage's whole scope alive.
   */
  readonly toStored = (file: string): string => this.storedPath(file);

  storedPath(file: string): string {
    let s = this.stored.get(file);
    if (s === undefined) this.stored.set(file, (s = storedPath(this.root, file)));
    return s;
  }

  absolutePath(stored: string): string {
    let a = this.absolute.get(stored);
    if (a === undefined) this.absolute.set(stored, (a = absolutePath(this.root, stored)));
    return a;
  }
}

export function isUnderAny(root: string, file: string, prefixes: string[]): boolean {
  // No folder (no exclude_paths, most projects): the path is not made (a run over 39 builds of 703 units asks 27 000 times).
  if (prefixes.length === 0) return false;
  const rel = storedPath(root, file);
  return prefixes.some((p) => under(rel, p) || underAbsolute(file, p));
}

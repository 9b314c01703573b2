// A class whose `instanceof` answers alike for every copy of its module in one process: the command bundles
// (main-cli.cjs, status-cli.cjs) each hold their own copy of the modules they bundle, beside the ES modules they load.

/**
 * Makes `value instanceof CLS` true for an instance of any copy of CLS (another bundle's, or the ES module's): each
 * copy marks its prototype with the registry symbol KEY, the same symbol for all. A subclass's instanceof stays the
 * prototype chain's. Call it once, as the class is defined.
 */
export function shareIdentity(cls: abstract new (...args: never[]) => object, key: string): void {
  const brand = Symbol.for(key);
  Object.defineProperty(cls.prototype, brand, { value: true });
  Object.defineProperty(cls, Symbol.hasInstance, {
    value(this: unknown, value: unknown): boolean {
      if (this !== cls) return Function.prototype[Symbol.hasInstance].call(this, value);
      return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[brand] === true;
    },
  });
}

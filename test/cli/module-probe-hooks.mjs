// Module hooks for the start-up test: appends every module URL a process resolves to $FWC_MODULE_LOG.
import fs from 'node:fs';

export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (process.env.FWC_MODULE_LOG) fs.appendFileSync(process.env.FWC_MODULE_LOG, result.url + '\n');
  return result;
}

// Preloaded with --import by the start-up test: registers module-probe-hooks.mjs for the whole process.
import { register } from 'node:module';

register('./module-probe-hooks.mjs', import.meta.url);

// `node --import ./scripts/ts.mjs file.ts`: run workspace TypeScript from source (see ts-hooks.mjs).
import { register } from 'node:module';
register('./ts-hooks.mjs', import.meta.url);

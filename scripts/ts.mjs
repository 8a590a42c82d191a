// `node --import ./scripts/ts.mjs file.ts`: run workspace TypeScript from source (see ts-hooks.mjs).
import './ts-hooks.mjs';

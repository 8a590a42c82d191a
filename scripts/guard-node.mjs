// The project runs on the Node it pins as a devDependency (package "node"): npm scripts put
// node_modules/.bin first on PATH, so `node` here is that one. Anything else fails loudly.
import { readFileSync } from 'node:fs';
const pinned = JSON.parse(readFileSync(new URL('../package.json', import.meta.url))).devDependencies.node;
if (process.versions.node !== pinned) {
  console.error(`academy: this needs Node ${pinned} (the project's pinned Node), but ${process.version} is running: run it through npm (npm start, npm test, npm run <script>) after npm install.`);
  process.exit(1);
}

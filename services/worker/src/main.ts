// Entry point: check the Node version before anything that needs Node 24 is even loaded.
const major = Number(process.versions.node.split('.')[0]);
if (major !== 24) {
  process.stderr.write(`academy: the worker needs Node 24 (the project's pinned Node), but ${process.version} is running: start it through npm (npm start).\n`);
  process.exit(1);
}
await import('./bootstrap.js');

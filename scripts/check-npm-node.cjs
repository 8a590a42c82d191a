// Runs before `npm install` on whatever Node npm itself runs on: only refuses Nodes too old to
// install the project (the project's own pinned Node arrives with the install, see guard-node.mjs).
const major = Number(process.versions.node.split('.')[0]);
if (major < 20) {
  console.error(`academy: npm install needs Node >= 20 to bootstrap (found ${process.version}); the project then brings its own Node 24.`);
  process.exit(1);
}

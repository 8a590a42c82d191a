/** The services run on the Node the project pins (Node 24, package.json devDependencies.node); say so in one line otherwise. */
export function assertPinnedNode(): void {
  const major = Number(process.versions.node.split('.')[0]);
  if (major !== 24) {
    process.stderr.write(`academy: this needs Node 24 (the project's pinned Node), but ${process.version} is running: start it through npm (npm start).\n`);
    process.exit(1);
  }
}

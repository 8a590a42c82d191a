import { rmSync } from 'node:fs';

export default async function globalTeardown() {
  const infra = globalThis.__academyInfra;
  if (!infra) return;
  globalThis.__academyInfra = undefined;
  for (const s of infra.started.reverse()) await s.stop();
  rmSync(infra.dir, { recursive: true, force: true });
}

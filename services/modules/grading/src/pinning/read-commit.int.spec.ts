// Reading a repository's default branch against a real git host: bare repositories served by
// `git http-backend` (libs/testing), reached through the guarded client's test-only route. The SHA
// read is checked against what git itself says the branch points to.
import { OutgoingClient } from '@academy/backend';
import { startGitServer, type TestGitServer } from '@academy/testing';
import { readDefaultBranchCommit, refDiscoveryUrl } from './read-commit.js';
import { ADVERTISEMENT_TYPE, readHead } from './ref-advertisement.js';

let git: TestGitServer;
let client: OutgoingClient;
const READ_AT = new Date('2026-11-28T10:00:00.000Z');

beforeAll(async () => {
  git = await startGitServer();
  // github.com's and git.test's requests go to the local server (the test-only route); nothing else is allowed.
  const route = { address: '127.0.0.1', port: git.port };
  client = new OutgoingClient({ hosts: ['github.com', 'git.test'], testRoutes: new Map([['github.com', route], ['git.test', route]]) });
});
afterAll(async () => git?.close());

const read = (url: string) => readDefaultBranchCommit(client, url, { now: () => READ_AT });

it('reads the commit the default branch points to, and follows a push', async () => {
  const repo = await git.createRepo('ada', 'landing-page');
  const first = await repo.head();
  expect(await read('https://github.com/ada/landing-page')).toEqual({ kind: 'pinned', sha: first, branch: 'main', readAt: READ_AT.toISOString() });
  const second = await repo.push('responsive header');
  expect(second).not.toBe(first);
  expect(second).toBe(await repo.head());
  expect(await read('https://github.com/ada/landing-page/tree/main')).toMatchObject({ kind: 'pinned', sha: second });
});

it('reads whatever branch HEAD names, on another host by its whole address', async () => {
  const repo = await git.createRepo('group', 'calc', { branch: 'trunk' });
  expect(await read('https://git.test/group/calc.git')).toEqual({ kind: 'pinned', sha: await repo.head(), branch: 'trunk', readAt: READ_AT.toISOString() });
});

it('calls a missing repository unreadable, and an empty one empty', async () => {
  expect(await read('https://github.com/ada/no-such-repo')).toEqual({ kind: 'unreadable', why: 'not found' });
  await git.createRepo('ada', 'empty', { empty: true });
  expect(await read('https://github.com/ada/empty')).toEqual({ kind: 'unreadable', why: 'empty' });
});

it('calls a host that is down unreachable, and reads again once it is back', async () => {
  const repo = await git.createRepo('ada', 'down-and-up');
  await git.stop();
  try {
    expect(await read('https://github.com/ada/down-and-up')).toEqual({ kind: 'unreachable', why: 'unreachable' });
  } finally {
    await git.start();
  }
  expect(await read('https://github.com/ada/down-and-up')).toMatchObject({ kind: 'pinned', sha: await repo.head() });
});

it('reads HEAD from protocol v0 and v1 answers alike, from the first bytes only', async () => {
  const repo = await git.createRepo('ada', 'protocols');
  for (const header of [{}, { 'git-protocol': 'version=1' }] as Record<string, string>[]) {
    const answer = await client.call({ url: refDiscoveryUrl('https://github.com/ada/protocols'), headers: header });
    expect(answer.headers['content-type']).toBe(ADVERTISEMENT_TYPE);
    expect(answer.body.includes('version 1')).toBe('git-protocol' in header);
    expect(readHead(answer.body)).toEqual({ kind: 'head', sha: await repo.head(), branch: 'main' });
    // Every prefix that ends before HEAD's line says so, none guesses.
    const headLine = answer.body.indexOf(' HEAD\0');
    for (let cut = 0; cut < headLine; cut += 7) expect(readHead(answer.body.subarray(0, cut)).kind).toBe('incomplete');
  }
});

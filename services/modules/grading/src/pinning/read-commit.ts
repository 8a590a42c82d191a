// The commit a submitted repository's default branch points to, read over git's smart HTTP through
// the one guarded outgoing client (ADR 0039). What comes back tells the caller what to do: pin it,
// refuse the submission (the student can fix the address), or accept it and retry later (the host).
import { type OutgoingClient, OutgoingRefused, OutgoingUnreachable } from '@academy/backend';
import { repositoryAddress } from '@academy/contracts';
import { ADVERTISEMENT_TYPE, readHead } from './ref-advertisement.js';

export type CommitRead =
  /** The default branch's commit, and when it was read. */
  | { kind: 'pinned'; sha: string; branch: string | null; readAt: string }
  /** Missing, private, empty or not a git repository: the student's address is wrong. */
  | { kind: 'unreadable'; why: 'not found' | 'empty' | 'not a repository' | 'refused' }
  /** The host could not be reached in time (down, slow, DNS): try again later. */
  | { kind: 'unreachable'; why: string };

/** What a git host's status means: 401/403/404/410 is a repository the public cannot read. */
function byStatus(status: number): CommitRead | null {
  if ([401, 403, 404, 410].includes(status)) return { kind: 'unreadable', why: 'not found' };
  if (status === 408 || status === 429 || status >= 500) return { kind: 'unreachable', why: `the host answered ${status}` };
  if (status < 200 || status >= 300) return { kind: 'unreadable', why: 'not a repository' };
  return null;
}

/**
 * The ref discovery URL of a repository address: `<repository>.git/info/refs?service=git-upload-pack`
 * on github.com (`https://github.com/<owner>/<repo>` whatever follows it), the address as given
 * elsewhere (a host with nested groups keeps its whole path).
 */
export function refDiscoveryUrl(repositoryUrl: string): URL {
  const repo = repositoryAddress(repositoryUrl);
  const path = repo.github ? `${repo.base.slice('https://github.com'.length)}.git` : new URL(repo.base).pathname;
  return new URL(`https://${repo.host}${path}/info/refs?service=git-upload-pack`);
}

/**
 * Reads HEAD of `repositoryUrl` within `timeoutMs` (at most the client's own deadline). Only HEAD's
 * line is downloaded; the client's byte limit covers whatever comes before it.
 */
export async function readDefaultBranchCommit(client: OutgoingClient, repositoryUrl: string, options: { timeoutMs?: number; now?: () => Date } = {}): Promise<CommitRead> {
  const now = options.now ?? (() => new Date());
  try {
    const answer = await client.call({
      url: refDiscoveryUrl(repositoryUrl),
      headers: { accept: ADVERTISEMENT_TYPE, 'user-agent': 'git/2.39 (academy)' },
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      enough: (bytes) => readHead(bytes).kind !== 'incomplete',
    });
    const readAt = now().toISOString();
    const refused = byStatus(answer.status);
    if (refused) return refused;
    if (!String(answer.headers['content-type'] ?? '').startsWith(ADVERTISEMENT_TYPE)) return { kind: 'unreadable', why: 'not a repository' };
    const head = readHead(answer.body);
    if (head.kind === 'head') return { kind: 'pinned', sha: head.sha, branch: head.branch, readAt };
    return { kind: 'unreadable', why: head.kind === 'empty' ? 'empty' : 'not a repository' };
  } catch (e) {
    if (e instanceof OutgoingUnreachable) return { kind: 'unreachable', why: e.reason };
    // A name that resolves to an internal address is the DNS's doing, not the student's: retried later.
    if (e instanceof OutgoingRefused) return e.reason === 'address refused' ? { kind: 'unreachable', why: e.reason } : { kind: 'unreadable', why: e.reason === 'answer too large' ? 'not a repository' : 'refused' };
    throw e;
  }
}

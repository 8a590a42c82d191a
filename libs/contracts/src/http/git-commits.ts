import { z } from 'zod';

// Repositories and the commits submissions are pinned to (issue 30 §1, ADR 0039): what the API and
// the screens share. Which hosts are accepted is the server's configuration (SUBMISSION_GIT_HOSTS);
// the schema only checks that an address names a repository on some https:// host.

/**
 * https://<host>[:port]/<owner>/<repo>[/…] (at least two path segments, no query or fragment).
 * A github.com address may go deeper (…/tree/main): the repository is its first two segments.
 */
export const REPOSITORY_URL = /^https:\/\/[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?(?::\d{1,5})?\/[A-Za-z0-9._~-]+\/[A-Za-z0-9._~-]+(?:\/[^\s?#]*)?\/?$/;
const GITHUB_REPO = /^https:\/\/github\.com\/([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]+?)(?:\.git)?(?:\/[^\s?#]*)?\/?$/i;

export interface RepositoryAddress {
  /** As URL.host writes it (lower case, ":port" unless 443): what the allow-list is checked against. */
  host: string;
  /** The repository's own address: https://github.com/<owner>/<repo> on GitHub, the address without a trailing slash elsewhere. */
  base: string;
  github: boolean;
}

/** The repository a submitted address names (throws on an address REPOSITORY_URL refuses). */
export function repositoryAddress(url: string): RepositoryAddress {
  const parsed = new URL(url);
  const gh = GITHUB_REPO.exec(url);
  if (parsed.host === 'github.com' && gh) return { host: parsed.host, base: `https://github.com/${gh[1]}/${gh[2]}`, github: true };
  return { host: parsed.host, base: `https://${parsed.host}${parsed.pathname.replace(/\/+$/, '')}`, github: false };
}

/** The seven characters a commit is known by on screen. */
export const shortSha = (sha: string) => sha.slice(0, 7);

/** The repository at `sha`: GitHub's tree view; elsewhere the repository's address (the screen shows the SHA beside it). */
export function commitUrl(repositoryUrl: string, sha: string): string {
  const repo = repositoryAddress(repositoryUrl);
  return repo.github ? `${repo.base}/tree/${sha}` : repo.base;
}

/** GitHub's comparison of two commits (a resubmission against the attempt before it); null on other hosts. */
export function compareUrl(repositoryUrl: string, from: string, to: string): string | null {
  const repo = repositoryAddress(repositoryUrl);
  return repo.github ? `${repo.base}/compare/${from}...${to}` : null;
}

// ── the pin of a submission ──────────────────────────────────────────────────────────────────────

/** pinned: the commit was read at submission (or later, by the retry job); pending: the host could not be reached yet; failed: given up after a day. */
export const PIN_STATES = ['pinned', 'pending', 'failed'] as const;
export type PinState = (typeof PIN_STATES)[number];

/** A submission's pinned commit; null on submissions made before pinning existed. */
export const commitPinSchema = z.object({
  state: z.enum(PIN_STATES),
  /** The full SHA of the default branch's commit (null unless pinned). */
  sha: z.string().nullable(),
  /** When the host answered with it (null unless pinned). */
  pinnedAt: z.string().nullable(),
});
export type CommitPin = z.infer<typeof commitPinSchema>;

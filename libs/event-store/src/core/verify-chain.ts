// The hash-chain walk of verify() (shared core): every adapter hands over its events in position
// order with the stored links; the formula is hash-chain.ts's, the same for all.
import type { ChainHead, VerifyOptions, VerifyResult } from '../port.js';
import { canonicalBody, chainHash, type HashedBody } from '../postgres/hash-chain.js';
import { GENESIS_HASH } from '../postgres/schema.js';

/** Links per batch an adapter hands over (ChainSource.linksFrom). */
export const VERIFY_BATCH = 2000;

export interface ChainLink {
  position: number;
  streamVersion: number;
  prevHash: string;
  hash: string;
  body: HashedBody;
}

export interface ChainSource {
  /** Up to a batch of links with position ≥ `from`, in position order ([] past the end). */
  linksFrom(from: number): Promise<ChainLink[]>;
  headPosition(): Promise<number>;
  /** The stored hash at `position`, undefined when there is no such event. */
  hashAt(position: number): Promise<string | undefined>;
}

export async function verifyChain(source: ChainSource, options: VerifyOptions = {}): Promise<VerifyResult> {
  let expected = 1;
  let prev = GENESIS_HASH;
  let checked = 0;
  const total = options.onProgress ? await source.headPosition() : 0;
  // The next batch is asked for before this one is checked: the database reads and sends it while
  // this process hashes (docs/benchmarks.md, audit).
  let next: Promise<ChainLink[]> | null = source.linksFrom(expected);
  try {
    for (;;) {
      if (checked > 0) await options.onProgress?.({ checked, total });
      const links: ChainLink[] = await next!;
      next = null;
      if (links.length === 0) break;
      next = source.linksFrom(links[links.length - 1].position + 1);
      const broken = checkLinks(links);
      if (broken) return broken;
    }
  } finally {
    // Stopped early (a break in the chain, a failed progress report): the read ahead is not wanted.
    next?.catch(() => {});
  }
  function checkLinks(links: ChainLink[]): VerifyResult | null {
    for (const r of links) {
      const position = r.position;
      if (position !== expected) {
        return { ok: false, checked, position: expected, reason: `position gap: expected ${expected} found ${position}` };
      }
      if (r.prevHash !== prev) {
        return { ok: false, checked, position, reason: `previous hash does not link: row stores ${r.prevHash.slice(0, 16)}…, the chain has ${prev.slice(0, 16)}…` };
      }
      const computed = chainHash(prev, position, r.streamVersion, canonicalBody(r.body));
      if (computed !== r.hash) {
        return { ok: false, checked, position, reason: `hash mismatch: stored ${r.hash.slice(0, 16)}…, content hashes to ${computed.slice(0, 16)}…` };
      }
      prev = r.hash;
      expected++;
      checked++;
    }
    return null;
  }
  const head: ChainHead = { position: expected - 1, hash: prev };
  const want = options.expectedHead;
  if (want && want.position > 0) {
    if (head.position < want.position) {
      return { ok: false, checked, position: head.position + 1, reason: `log ends at ${head.position}, before the exported head ${want.position}: events were removed from the end` };
    }
    if ((await source.hashAt(want.position)) !== want.hash) {
      return { ok: false, checked, position: want.position, reason: `hash at the exported head ${want.position} differs from the exported one: the log was rewritten` };
    }
  }
  return { ok: true, checked, head };
}

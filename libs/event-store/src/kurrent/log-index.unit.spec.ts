import { randomUUID } from 'node:crypto';
import type { PreparedAppend } from '../core/prepare.js';
import { verifyChain, type ChainLink } from '../core/verify-chain.js';
import { canonicalBody, chainHash, type HashedBody } from '../postgres/hash-chain.js';
import { GENESIS_HASH } from '../postgres/schema.js';
import { judgeGroup, LogIndex } from './log-index.js';

function prepared(streamId: string, expected: number | null, ids: string[] = [randomUUID()]): PreparedAppend {
  const bodies = ids.map(
    (eventId, i): HashedBody => ({
      streamId,
      eventId,
      type: 'Ticked',
      schemaVersion: 1,
      data: { i },
      personal: null,
      metadata: { actorId: null, actorRole: null, correlationId: 'c', causationId: null, occurredAt: '2026-01-01T00:00:00.000Z' },
      recordedAt: '2026-01-01T00:00:00.000000Z',
    }),
  );
  return { streamId, expected, ids, bodies, canonical: bodies.map(canonicalBody) };
}

/** What a process does after a successful log append: its links become the index's next entries. */
function commit(index: LogIndex, links: ChainLink[]): void {
  for (const l of links) index.add({ position: l.position, streamId: l.body.streamId, streamVersion: l.streamVersion, eventId: l.body.eventId, hash: l.hash });
}

describe('KurrentDB log index: judging appends as append_events does', () => {
  it('gives dense positions and stream versions, and chains each link onto the previous with the shared formula', () => {
    const index = new LogIndex();
    const a = prepared('course-1', 0, [randomUUID(), randomUUID()]);
    const { judgements, links } = judgeGroup(index, [a]);
    expect(judgements).toEqual([{ status: 'ok', lastPosition: 2, streamVersion: 2 }]);
    expect(links.map((l) => [l.position, l.streamVersion])).toEqual([[1, 1], [2, 2]]);
    expect(links[0].prevHash).toBe(GENESIS_HASH);
    expect(links[0].hash).toBe(chainHash(GENESIS_HASH, 1, 1, a.canonical[0]));
    expect(links[1].prevHash).toBe(links[0].hash);
    expect(index.head).toBe(0); // judging never changes the index
    commit(index, links);
    const b = judgeGroup(index, [prepared('course-2', 0)]);
    expect(b.judgements).toEqual([{ status: 'ok', lastPosition: 3, streamVersion: 1 }]);
    expect(b.links[0].prevHash).toBe(links[1].hash);
  });

  it('refuses a stale expected version with the actual one, and takes any version for "any"', () => {
    const index = new LogIndex();
    commit(index, judgeGroup(index, [prepared('s', 0)]).links);
    expect(judgeGroup(index, [prepared('s', 0)]).judgements).toEqual([{ status: 'conflict', actualVersion: 1 }]);
    expect(judgeGroup(index, [prepared('t', 1)]).judgements).toEqual([{ status: 'conflict', actualVersion: 0 }]);
    expect(judgeGroup(index, [prepared('s', 0)]).links).toEqual([]);
    expect(judgeGroup(index, [prepared('s', null)]).judgements).toEqual([{ status: 'ok', lastPosition: 2, streamVersion: 2 }]);
  });

  it('answers a retry with the original result even after the stream moved, and refuses partly-new batches or ids of another stream', () => {
    const index = new LogIndex();
    commit(index, judgeGroup(index, [prepared('other', null)]).links);
    const retry = prepared('r', 0, [randomUUID(), randomUUID()]);
    commit(index, judgeGroup(index, [retry]).links);
    commit(index, judgeGroup(index, [prepared('r', 2)]).links);
    expect(judgeGroup(index, [retry]).judgements).toEqual([{ status: 'duplicate', lastPosition: 3, streamVersion: 2 }]);
    expect(judgeGroup(index, [{ ...retry, expected: null }]).judgements[0].status).toBe('duplicate');
    const partly = prepared('r', 0, [retry.ids[0], randomUUID()]);
    expect(judgeGroup(index, [partly]).judgements).toEqual([{ status: 'id_conflict', conflictingIds: [retry.ids[0]] }]);
    expect(judgeGroup(index, [prepared('elsewhere', null, [retry.ids[1]])]).judgements).toEqual([{ status: 'id_conflict', conflictingIds: [retry.ids[1]] }]);
  });

  it('lets later appends of one group see the earlier ones, each judged on its own', () => {
    const index = new LogIndex();
    const dup = prepared('g-dup', 0);
    const { judgements, links } = judgeGroup(index, [prepared('g-1', 0), prepared('g-1', 1), prepared('g-1', 1), dup, dup, prepared('g-2', null, [randomUUID(), randomUUID()])]);
    expect(judgements).toEqual([
      { status: 'ok', lastPosition: 1, streamVersion: 1 },
      { status: 'ok', lastPosition: 2, streamVersion: 2 },
      { status: 'conflict', actualVersion: 2 },
      { status: 'ok', lastPosition: 3, streamVersion: 1 },
      { status: 'duplicate', lastPosition: 3, streamVersion: 1 },
      { status: 'ok', lastPosition: 5, streamVersion: 2 },
    ]);
    expect(links.map((l) => `${l.position}:${l.body.streamId}@${l.streamVersion}`)).toEqual(['1:g-1@1', '2:g-1@2', '3:g-dup@1', '4:g-2@1', '5:g-2@2']);
  });

  it('refuses to index a gap or a stream version out of step (a damaged or misread log)', () => {
    const index = new LogIndex();
    expect(() => index.add({ position: 2, streamId: 's', streamVersion: 1, eventId: randomUUID(), hash: 'h' })).toThrow(/position 2 after 0/);
    expect(() => index.add({ position: 1, streamId: 's', streamVersion: 2, eventId: randomUUID(), hash: 'h' })).toThrow(/version 2/);
    index.add({ position: 1, streamId: 's', streamVersion: 1, eventId: randomUUID(), hash: 'h' });
    expect([index.head, index.headHash, index.version('s'), index.positions('s')]).toEqual([1, 'h', 1, [1]]);
  });

  it('writes links that the shared verify() accepts, and names the first one changed', async () => {
    const index = new LogIndex();
    const all: ChainLink[] = [];
    for (let i = 0; i < 5; i++) {
      const { links } = judgeGroup(index, [prepared(`s-${i % 2}`, null)]);
      commit(index, links);
      all.push(...links);
    }
    const source = (links: ChainLink[]) => ({
      linksFrom: async (from: number) => links.filter((l) => l.position >= from),
      headPosition: async () => links.length,
      hashAt: async (p: number) => links.find((l) => l.position === p)?.hash,
    });
    expect(await verifyChain(source(all), { expectedHead: { position: 5, hash: index.headHash } })).toEqual({ ok: true, checked: 5, head: { position: 5, hash: index.headHash } });
    const changed = all.map((l) => (l.position === 3 ? { ...l, body: { ...l.body, data: { i: 99 } } } : l));
    expect(await verifyChain(source(changed))).toMatchObject({ ok: false, position: 3, reason: expect.stringMatching(/hash mismatch/) });
  });
});

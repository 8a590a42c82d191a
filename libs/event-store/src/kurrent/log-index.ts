// What a KurrentDB-backed store must know to judge an append (ADR 0032): each port stream's
// version and the place of every event id. The log is the only truth; this index is rebuilt from
// it on start and caught up before every decision, in memory (about 100 bytes per event). Pure.
import { chainHash } from '../postgres/hash-chain.js';
import { GENESIS_HASH } from '../postgres/schema.js';
import type { Judgement } from '../core/append-outcome.js';
import type { PreparedAppend } from '../core/prepare.js';
import type { ChainLink } from '../core/verify-chain.js';

interface IdPlace {
  position: number;
  streamId: string;
  streamVersion: number;
}

export interface IndexEntry {
  position: number;
  streamId: string;
  streamVersion: number;
  eventId: string;
  hash: string;
}

export class LogIndex {
  /** The last position indexed (0: empty log) and its hash. */
  head = 0;
  headHash = GENESIS_HASH;
  /** Positions of each stream's events; index = streamVersion - 1. */
  private readonly streams = new Map<string, number[]>();
  private readonly ids = new Map<string, IdPlace>();

  /** Adds the next event of the log; anything but head + 1 means the log was read wrong or damaged. */
  add(e: IndexEntry): void {
    if (e.position !== this.head + 1) throw new Error(`log index: position ${e.position} after ${this.head}`);
    const positions = this.streams.get(e.streamId) ?? [];
    if (e.streamVersion !== positions.length + 1) {
      throw new Error(`log index: ${e.streamId} version ${e.streamVersion} at position ${e.position}, expected ${positions.length + 1}`);
    }
    positions.push(e.position);
    this.streams.set(e.streamId, positions);
    this.ids.set(e.eventId, { position: e.position, streamId: e.streamId, streamVersion: e.streamVersion });
    this.head = e.position;
    this.headHash = e.hash;
  }

  version(streamId: string): number {
    return this.streams.get(streamId)?.length ?? 0;
  }

  /** Positions of the stream's events with streamVersion > fromVersion, in order. */
  positions(streamId: string, fromVersion = 0): number[] {
    return (this.streams.get(streamId) ?? []).slice(Math.max(0, fromVersion));
  }

  place(eventId: string): IdPlace | undefined {
    return this.ids.get(eventId);
  }
}

/**
 * Judges a group of appends on top of `index`, in order, exactly as the Postgres adapter's
 * append_events does: idempotency first (a retry is answered with the original result, even after
 * the stream moved), then the expected version; later appends of the group see the earlier ones.
 * Returns each append's judgement and the links to write for the 'ok' ones, chained onto the head.
 * The index is not changed.
 */
export function judgeGroup(index: LogIndex, group: PreparedAppend[]): { judgements: Judgement[]; links: ChainLink[] } {
  const pendingVersions = new Map<string, number>();
  const pendingIds = new Map<string, IdPlace>();
  const links: ChainLink[] = [];
  let position = index.head;
  let prev = index.headHash;
  const judgements = group.map((a): Judgement => {
    const found = a.ids.flatMap((id) => {
      const place = pendingIds.get(id) ?? index.place(id);
      return place ? [{ id, ...place }] : [];
    });
    if (found.length > 0) {
      if (found.length === a.ids.length && found.every((f) => f.streamId === a.streamId)) {
        return { status: 'duplicate', lastPosition: Math.max(...found.map((f) => f.position)), streamVersion: Math.max(...found.map((f) => f.streamVersion)) };
      }
      return { status: 'id_conflict', conflictingIds: found.map((f) => f.id) };
    }
    let version = pendingVersions.get(a.streamId) ?? index.version(a.streamId);
    if (a.expected !== null && a.expected !== version) return { status: 'conflict', actualVersion: version };
    a.bodies.forEach((body, k) => {
      position++;
      version++;
      const hash = chainHash(prev, position, version, a.canonical[k]);
      links.push({ position, streamVersion: version, prevHash: prev, hash, body });
      pendingIds.set(a.ids[k], { position, streamId: a.streamId, streamVersion: version });
      prev = hash;
    });
    pendingVersions.set(a.streamId, version);
    return { status: 'ok', lastPosition: position, streamVersion: version };
  });
  return { judgements, links };
}

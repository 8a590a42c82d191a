import { isUuid } from '@academy/backend';
import type pg from 'pg';
import { ConcurrencyError, DomainError, type EventMetadata, type EventStore, handleCommand } from '@academy/event-store';
import { ADMISSIONS_MESSAGES, prospectStream } from '@academy/contracts';
import { type ProspectCommand, prospectDecider } from '../domain/prospect.js';
import { withProspectLock } from './prospect-lock.js';

/** Mark contacted / decline: one decide + append on the prospect's stream, under the prospect's lock. */
export async function changeProspectStatus(
  deps: { store: EventStore; pool: pg.Pool },
  prospectId: string,
  command: Extract<ProspectCommand, { type: 'MarkContacted' | 'Decline' }>,
  expectedVersion: number | undefined,
  metadata: EventMetadata,
): Promise<{ position: number }> {
  if (!isUuid(prospectId)) throw new DomainError('not_found', ADMISSIONS_MESSAGES.prospectNotFound);
  return withProspectLock(deps.pool, prospectId, async () => {
    const outcome = await handleCommand({ store: deps.store, streamId: prospectStream(prospectId), decider: prospectDecider, command, metadata, expectedVersion }).catch(
      rethrowChangedMeanwhile,
    );
    return { position: outcome.lastPosition };
  });
}

/** A stale expectedVersion: the screen showed a status that is gone. */
export function rethrowChangedMeanwhile(e: unknown): never {
  if (e instanceof ConcurrencyError) throw new DomainError('conflict', ADMISSIONS_MESSAGES.changedMeanwhile);
  throw e;
}

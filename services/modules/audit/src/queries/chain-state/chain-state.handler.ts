import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EVENT_STORE } from '@academy/backend';
import type { EventStore } from '@academy/event-store';
import type { AuditChainState } from '@academy/contracts';
import { CHAIN_VERIFIED, VERIFICATIONS_STREAM } from '../../domain/audit-events.js';
import { verificationOf } from '../../trail/verifications.js';
import { recordView } from '../../trail/viewer.js';
import { AuditChainStateQuery } from './chain-state.query.js';

@QueryHandler(AuditChainStateQuery)
export class AuditChainStateHandler implements IQueryHandler<AuditChainStateQuery> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ caller }: AuditChainStateQuery): Promise<AuditChainState> {
    await recordView(this.store, caller, 'chain', {}, false);
    // The head after the view's own event: the answer names a head that includes it.
    const head = await this.store.head();
    const last = (await this.store.readStream(VERIFICATIONS_STREAM)).filter((e) => e.type === CHAIN_VERIFIED).at(-1);
    return { head, lastVerification: last ? verificationOf(last) : null };
  }
}

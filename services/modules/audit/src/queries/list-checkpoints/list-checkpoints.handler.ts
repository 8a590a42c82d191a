import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EVENT_STORE } from '@academy/backend';
import type { EventStore } from '@academy/event-store';
import type { AuditCheckpointsResponse } from '@academy/contracts';
import { recordView } from '../../trail/viewer.js';
import { listCheckpoints } from '../../trail/checkpoints.js';
import { ListCheckpoints } from './list-checkpoints.query.js';

@QueryHandler(ListCheckpoints)
export class ListCheckpointsHandler implements IQueryHandler<ListCheckpoints> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ caller }: ListCheckpoints): Promise<AuditCheckpointsResponse> {
    await recordView(this.store, caller, 'checkpoints', {}, false);
    return { checkpoints: await listCheckpoints(this.store) };
  }
}

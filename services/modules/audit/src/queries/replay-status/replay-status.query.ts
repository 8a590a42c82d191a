import { Query } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { ReplayStatus } from '@academy/contracts';

/** Where a replay is (`id`), or the last one asked for (`id` null: null when there is none). */
export class ReplayStatusQuery extends Query<ReplayStatus | null> {
  constructor(
    readonly caller: CommandContext,
    readonly id: string | null,
  ) {
    super();
  }
}

import { Query } from '@nestjs/cqrs';
import type { CommandContext } from '@academy/backend';
import type { AuditChainState } from '@academy/contracts';

/** The chain's head (position, hash) and the last whole-chain verification. */
export class AuditChainStateQuery extends Query<AuditChainState> {
  constructor(readonly caller: CommandContext) {
    super();
  }
}

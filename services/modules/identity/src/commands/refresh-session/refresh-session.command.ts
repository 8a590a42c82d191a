import { Command } from '@nestjs/cqrs';
import type { SessionUser } from '@academy/contracts';
import type { IssuedRefresh } from '../../sessions/session-store.js';

export type RefreshOutcome = { ok: true; user: SessionUser; refresh: IssuedRefresh } | { ok: false };

/** Rotate the refresh token of the cookie (absent: nothing to rotate). */
export class RefreshSession extends Command<RefreshOutcome> {
  constructor(readonly presented: string | undefined) {
    super();
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { CONSISTENCY_WAITER } from '@academy/backend';
import { type ConsistencyWaiter, DEFAULT_CONSISTENCY_TIMEOUT_MS } from '@academy/event-store';
import { USERS_READ_MODEL } from '../../identity.limits.js';
import { type AccountRow, UsersReader } from './users.reader.js';

/**
 * Reads an account once identity_users has reached a command's position, so the answer's body shows
 * the write (read-your-writes, ADR 0005). Past the bound it reads what is there; the CommandResponder
 * then answers 202.
 */
@Injectable()
export class UsersAfterWrite {
  constructor(
    private readonly users: UsersReader,
    @Inject(CONSISTENCY_WAITER) private readonly waiter: ConsistencyWaiter,
  ) {}

  async account(id: string, position: number): Promise<AccountRow | null> {
    if (position > 0) await this.waiter.wait([...USERS_READ_MODEL], position, DEFAULT_CONSISTENCY_TIMEOUT_MS);
    return this.users.account(id);
  }
}

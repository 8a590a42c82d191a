import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EVENT_STORE } from '@academy/backend';
import type { EventStore } from '@academy/event-store';
import { AddressHasAccount } from '@academy/contracts';
import { AccountCredentials } from '../../commands/account-credentials.js';
import { addressHolder } from '../../reactions/account-from-application.js';

/**
 * Admissions' convert asks first whether the applicant's address already has an account, so the common
 * refusal (409 emailHasAccount) writes nothing. Read from the reservation stream (the write model),
 * not from a read model: a lagging projection must not let a taken address through. The reactor that
 * creates the account checks again in its append (the final word).
 */
@QueryHandler(AddressHasAccount)
export class AddressHasAccountHandler implements IQueryHandler<AddressHasAccount, boolean> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly credentials: AccountCredentials,
  ) {}

  async execute({ email }: AddressHasAccount): Promise<boolean> {
    const holder = await addressHolder(this.credentials, email, (streamId) => this.store.readStream(streamId));
    return holder.taken;
  }
}

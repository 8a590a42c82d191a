import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type pg from 'pg';
import { EVENT_STORE, isUuid, PG_POOL, type Principal } from '@academy/backend';
import { DomainError, type EventMetadata, type EventStore, fold, handleCommand } from '@academy/event-store';
import {
  ADMISSIONS_MESSAGES,
  type ApplicationSubmittedPersonal,
  type ConvertProspectRequest,
  CreateAccountFromApplication,
  type CreateAccountFromApplicationResult,
  type Prospect,
  prospectStream,
} from '@academy/contracts';
import { assertConvertible, prospectDecider } from '../../domain/prospect.js';
import { ProspectsReader } from '../../projections/prospects/prospects.reader.js';
import { rethrowChangedMeanwhile } from '../change-status.js';
import { withProspectLock } from '../prospect-lock.js';

/**
 * 'Convert to student' (issue 7): creates the student account from the application (full name, email,
 * phone) through identity's CreateAccountFromApplication command on Nest's CommandBus, which mails the
 * credentials like Create User, then appends ApplicantConverted naming the account. Under the
 * prospect's lock: of two converts at once one wins, the other finds it converted (409). The account
 * is created first, so a taken address (409) converts nothing.
 */
@Injectable()
export class ConvertProspectHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    private readonly commands: CommandBus,
    private readonly prospects: ProspectsReader,
  ) {}

  async execute(prospectId: string, input: ConvertProspectRequest, by: Principal, metadata: EventMetadata): Promise<{ prospect: Prospect; studentId: string; position: number }> {
    if (!isUuid(prospectId)) throw new DomainError('not_found', ADMISSIONS_MESSAGES.prospectNotFound);
    const streamId = prospectStream(prospectId);
    const { studentId, position } = await withProspectLock(this.pool, prospectId, async () => {
      const history = await this.store.readStream(streamId);
      const version = history.at(-1)?.streamVersion ?? 0;
      if (input.expectedVersion !== undefined && input.expectedVersion !== version) throw new DomainError('conflict', ADMISSIONS_MESSAGES.changedMeanwhile);
      assertConvertible(fold(prospectDecider, history));
      const person = history[0].personal?.data as ApplicationSubmittedPersonal | undefined;
      if (!person) throw new DomainError('gone', "This applicant's personal data has been erased.");
      const account = await this.createAccount(person, metadata);
      const outcome = await handleCommand({
        store: this.store,
        streamId,
        decider: prospectDecider,
        command: { type: 'Convert', byUserId: by.userId, now: metadata.occurredAt, studentId: account.userId },
        metadata,
        expectedVersion: version,
      }).catch(rethrowChangedMeanwhile);
      return { studentId: account.userId, position: outcome.lastPosition };
    });
    await this.prospects.caughtUp(position);
    const prospect = await this.prospects.byId(prospectId);
    if (!prospect) throw new DomainError('not_found', ADMISSIONS_MESSAGES.prospectNotFound);
    return { prospect, studentId, position };
  }

  private async createAccount(person: ApplicationSubmittedPersonal, metadata: EventMetadata): Promise<CreateAccountFromApplicationResult> {
    const command = new CreateAccountFromApplication({ fullName: `${person.firstName} ${person.lastName}`.trim(), email: person.email, phone: person.phone }, metadata);
    try {
      return await this.commands.execute<CreateAccountFromApplication, CreateAccountFromApplicationResult>(command);
    } catch (e) {
      // Identity refuses a taken address with a conflict: say it in admissions' words, nothing converted.
      if (e instanceof DomainError && e.kind === 'conflict') throw new DomainError('conflict', ADMISSIONS_MESSAGES.emailHasAccount, { email: [ADMISSIONS_MESSAGES.emailHasAccount] });
      throw e;
    }
  }
}

// Step 2 of admissions' 'Convert to student' (issue 14; the flow is in libs/contracts
// account-from-application.ts): ApplicantConversionRequested → the student account, made exactly like
// Create User's (generated password, verified, AccountCredentialsIssued mails the credentials), and the
// request's outcome in `application-account-<requestId>`, all in ONE append:
//   EmailReserved (+ EmailReleased of a deleted holder) · UserRegistered + AccountCredentialsIssued ·
//   AccountFromApplicationCreated
// or, when a live account has the address (taken after admissions asked) or the applicant was erased,
// only AccountFromApplicationRefused. Idempotent: the user id and every event id derive from the
// request, and a request whose outcome stream exists is done; a re-run after a crash appends nothing.
import { nameBasedUuid, Retry, type ReactorDefinition, runCommand, type EventStore, type StoredEvent } from '@academy/event-store';
import {
  type AccountFromApplicationCreatedData,
  type AccountFromApplicationRefusedData,
  applicantConversionPersonalSchema,
  applicantConversionRequestedSchema,
  applicationAccountStream,
  CONVERSION_EVENTS,
} from '@academy/contracts';
import { AccountCredentials } from '../commands/account-credentials.js';
import { registerAccount } from '../commands/register-account.js';
import { type AccountDeps, addressHolder } from './account-from-application.js';

export const ACCOUNTS_FROM_APPLICATIONS_REACTOR = 'identity-accounts-from-applications';

/** The account's id: the same request always yields the same user. */
export const accountIdOf = (requestId: string) => nameBasedUuid(`academy-account-from-application\0${requestId}`);

export async function createAccountFromApplication(store: EventStore, deps: AccountDeps, cause: StoredEvent): Promise<void> {
  const { requestId, prospectId } = applicantConversionRequestedSchema.parse(cause.data);
  // Null once the applicant is erased: there is no one to make an account for.
  const person = cause.personal ? applicantConversionPersonalSchema.parse(cause.personal.data) : null;
  const userId = accountIdOf(requestId);
  const outcomeStream = applicationAccountStream(requestId);
  const credentials = new AccountCredentials(deps.config, deps.lookup);
  await runCommand(store, { ...cause.metadata, causationId: cause.id }, {
    // Nothing here depends on what a person saw: a competing claim of the address is decided again.
    retry: Retry.onConflict(5),
    idempotencyKey: `${ACCOUNTS_FROM_APPLICATIONS_REACTOR}/${requestId}`,
    execute: async (unit) => {
      if ((await unit.readStream(outcomeStream)).version > 0) return; // settled before a crash
      const refuse = (reason: AccountFromApplicationRefusedData['reason']) =>
        unit.emit(outcomeStream, [{ type: CONVERSION_EVENTS.AccountFromApplicationRefused, data: { requestId, prospectId, reason } satisfies AccountFromApplicationRefusedData }]);
      if (!person) return refuse('erased');
      const address = await addressHolder(credentials, person.email, async (streamId) => (await unit.readStream(streamId)).events);
      if (address.taken) return refuse('email_taken');
      const { passwordHash, invitation } = await credentials.invitation();
      // The same step as sign-up and Create User: the claim (releasing a deleted holder) and the account, one append.
      await registerAccount(unit, {
        type: 'RegisterUser',
        userId,
        role: 'student',
        email: address.email,
        emailHash: address.lookup,
        fullName: person.fullName,
        passwordHash,
        selfRegistered: false,
        verification: null,
        invitation,
        phone: person.phone,
      });
      unit.emit(outcomeStream, [{ type: CONVERSION_EVENTS.AccountFromApplicationCreated, data: { requestId, prospectId, userId } satisfies AccountFromApplicationCreatedData }]);
    },
  });
}

export function accountsFromApplicationsReactor(store: EventStore, deps: AccountDeps): ReactorDefinition {
  return {
    name: ACCOUNTS_FROM_APPLICATIONS_REACTOR,
    reactions: { [CONVERSION_EVENTS.ApplicantConversionRequested]: (e) => createAccountFromApplication(store, deps, e) },
  };
}

// given events / when command / then events (ARCHITECTURE.md §9): the admissions pipeline
// pending → contacted → converted | declined, the conversion process (requested → converted, or
// failed and back to the status it had), and the end states that refuse every further change.
import { deciderSpec } from '@academy/testing/decider';
import { ADMISSIONS_MESSAGES, CONVERSION_MESSAGES } from '@academy/contracts';
import { assertShownVersion, type ProspectCommand, prospectDecider, type ProspectEvent } from './prospect.js';

const spec = deciderSpec(prospectDecider);
const person = { firstName: 'Thandi', lastName: 'Nkosi', email: 'thandi@example.com', phone: '+27 82 123 4567', message: 'Evening classes?' };
const P = 'p1';

const submitted: ProspectEvent = { type: 'ApplicationSubmitted', data: { prospectId: P, course: 'Web Development', emailLookup: 'k1' }, personal: { subjectId: 'prospect-p1', data: person } };
const messaged: ProspectEvent = {
  type: 'QuickContactReceived',
  data: { prospectId: 'q1', emailLookup: 'k2' },
  personal: { subjectId: 'prospect-q1', data: { name: 'Tendai', email: 't@example.zw', message: 'Prices in USD?' } },
};
const change = (type: 'ApplicantContacted' | 'ApplicantDeclined', previousStatus: 'pending' | 'contacted', byUserId: string, at: string): ProspectEvent => ({
  type,
  data: { prospectId: P, previousStatus, byUserId, at },
});
const contacted = change('ApplicantContacted', 'pending', 'staff1', '2026-11-23T11:00:00.000Z');
const declined = change('ApplicantDeclined', 'pending', 'staff2', '2026-11-23T12:00:00.000Z');
const requested = (previousStatus: 'pending' | 'contacted' = 'pending', requestId = 'r1'): ProspectEvent => ({
  type: 'ApplicantConversionRequested',
  data: { prospectId: P, requestId, previousStatus, byUserId: 'staff1', at: '2026-11-23T13:00:00.000Z' },
  personal: { subjectId: 'prospect-p1', data: { fullName: 'Thandi Nkosi', email: 'thandi@example.com', phone: '+27 82 123 4567' } },
});
const converted = (previousStatus: 'pending' | 'contacted' = 'pending'): ProspectEvent => ({
  type: 'ApplicantConverted',
  data: { prospectId: P, previousStatus, byUserId: 'staff1', at: '2026-11-23T13:00:00.000Z', studentId: 'u9' },
});
const failed: ProspectEvent = { type: 'ApplicantConversionFailed', data: { prospectId: P, requestId: 'r1', reason: 'email_taken' } };
const erased: ProspectEvent = { type: 'ApplicantErased', data: { prospectId: P, byUserId: 'staff2', at: '2026-11-23T14:00:00.000Z', reason: 'request' } };

const contact: ProspectCommand = { type: 'MarkContacted', byUserId: 'staff1', now: '2026-11-23T11:00:00.000Z' };
const decline: ProspectCommand = { type: 'Decline', byUserId: 'staff2', now: '2026-11-23T12:00:00.000Z' };
const request: ProspectCommand = { type: 'RequestConversion', requestId: 'r1', byUserId: 'staff1', now: '2026-11-23T13:00:00.000Z' };
const complete: ProspectCommand = { type: 'CompleteConversion', requestId: 'r1', studentId: 'u9' };
const fail: ProspectCommand = { type: 'FailConversion', requestId: 'r1', reason: 'email_taken' };
const erase: ProspectCommand = { type: 'EraseApplicant', byUserId: 'staff2', now: '2026-11-23T14:00:00.000Z', reason: 'request' };
const conflict = (message: string) => ({ kind: 'conflict' as const, message });

describe('submitting', () => {
  it('stores an application pending, the person encrypted under the prospect subject and the course readable', () => {
    spec.given().when({ type: 'SubmitApplication', prospectId: P, course: 'Web Development', person, emailLookup: 'k1' }).then([submitted]);
    expect(spec.given(submitted).state).toMatchObject({ exists: true, prospectId: P, kind: 'application', status: 'pending', studentId: null, emailLookup: 'k1', erased: false, applicant: person });
  });

  it('stores a quick-contact message pending, with its own kind', () => {
    spec.given().when({ type: 'ReceiveQuickContact', prospectId: 'q1', person: { name: 'Tendai', email: 't@example.zw', message: 'Prices in USD?' }, emailLookup: 'k2' }).then([messaged]);
    expect(spec.given(messaged).state).toMatchObject({ kind: 'quick_contact', status: 'pending' });
  });

  it('never submits twice into one stream', () => {
    spec.given(submitted).when({ type: 'SubmitApplication', prospectId: P, course: 'IT Support', person, emailLookup: 'k1' }).thenRefused('conflict');
  });
});

describe('the pipeline', () => {
  it('pending → contacted records who and when, and names the status it left', () => {
    spec.given(submitted).when(contact).then([contacted]);
    expect(spec.given(submitted, contacted).state.status).toBe('contacted');
  });

  it('refuses marking contacted twice', () => {
    spec.given(submitted, contacted).when(contact).thenRefused(conflict(ADMISSIONS_MESSAGES.alreadyContacted));
  });

  it('declines from pending or contacted', () => {
    spec.given(submitted).when(decline).then([declined]);
    spec.given(submitted, contacted).when(decline).then([change('ApplicantDeclined', 'contacted', 'staff2', '2026-11-23T12:00:00.000Z')]);
    expect(spec.given(submitted, contacted, declined).state.status).toBe('declined');
  });

  it('a declined applicant cannot be converted, declined or contacted again', () => {
    for (const c of [request, decline, contact]) spec.given(submitted, declined).when(c).thenRefused(conflict(ADMISSIONS_MESSAGES.alreadyDeclined));
  });

  it('an unknown prospect is not found for every staff command', () => {
    for (const c of [request, decline, contact, erase]) spec.given().when(c).thenRefused({ kind: 'not_found', message: ADMISSIONS_MESSAGES.prospectNotFound });
  });
});

describe('converting to a student (a process: requested, then converted or failed)', () => {
  it('a request from pending or contacted carries the person the account is made from, encrypted under the prospect', () => {
    spec.given(submitted).when(request).then([requested('pending')]);
    spec.given(submitted, contacted).when(request).then([requested('contacted')]);
  });

  it('while the request is open the status stays and every other step waits (409 in progress)', () => {
    expect(spec.given(submitted, requested()).state).toMatchObject({ status: 'pending', conversion: { requestId: 'r1' } });
    for (const c of [request, contact, decline]) spec.given(submitted, requested()).when(c).thenRefused(conflict(CONVERSION_MESSAGES.conversionInProgress));
  });

  it('the account created closes it as converted, with who and when of the request', () => {
    spec.given(submitted, contacted, requested('contacted')).when(complete).then([converted('contacted')]);
    expect(spec.given(submitted, requested(), converted()).state).toMatchObject({ status: 'converted', studentId: 'u9', conversion: null });
  });

  it('a refusal closes it as failed: the applicant is as it was and may be converted again', () => {
    spec.given(submitted, contacted, requested('contacted')).when(fail).then([failed]);
    expect(spec.given(submitted, contacted, requested('contacted'), failed).state).toMatchObject({ status: 'contacted', conversion: null });
    spec.given(submitted, requested(), failed).when({ ...request, requestId: 'r2' }).then([requested('pending', 'r2')]);
  });

  it('an outcome repeated (a reaction after a crash) or of another request changes nothing', () => {
    spec.given(submitted, requested(), converted()).when(complete).thenNothing();
    spec.given(submitted, requested(), failed).when(fail).thenNothing();
    spec.given(submitted, requested()).when({ ...complete, requestId: 'other' }).thenNothing();
    spec.given(submitted).when(complete).thenNothing();
  });

  it('an erased applicant still closes the request it had (the process always ends)', () => {
    spec.given(submitted, requested(), erased).when(complete).then([converted()]);
    spec.given(submitted, requested(), erased).when(fail).then([failed]);
  });

  it('a converted applicant cannot be converted, declined or contacted again', () => {
    for (const c of [request, decline, contact]) spec.given(submitted, requested(), converted()).when(c).thenRefused(conflict(ADMISSIONS_MESSAGES.alreadyConverted));
  });

  it('a quick-contact message can be contacted and declined but not converted (it has no application)', () => {
    spec.given(messaged).when(contact).then([{ type: 'ApplicantContacted', data: { prospectId: 'q1', previousStatus: 'pending', byUserId: 'staff1', at: '2026-11-23T11:00:00.000Z' } }]);
    spec.given(messaged).when(request).thenRefused(conflict(ADMISSIONS_MESSAGES.onlyApplicationsConvert));
  });

  it('an application whose person is gone (shredded) has nothing to make an account from (410)', () => {
    const shredded: ProspectEvent = { type: 'ApplicationSubmitted', data: { prospectId: P, course: 'Web Development', emailLookup: 'k1' } };
    spec.given(shredded).when(request).thenRefused({ kind: 'gone', message: CONVERSION_MESSAGES.applicantDataErased });
  });
});

describe("the version a screen sends back (expectedVersion) counts only the screens' events", () => {
  it('a failed conversion leaves the version staff saw; a status change moves it', () => {
    expect(() => assertShownVersion(spec.given(submitted, requested(), failed).state, 1)).not.toThrow();
    expect(() => assertShownVersion(spec.given(submitted, contacted).state, 1)).toThrow(ADMISSIONS_MESSAGES.changedMeanwhile);
    expect(() => assertShownVersion(spec.given(submitted, contacted).state, undefined)).not.toThrow();
    expect(spec.given(submitted, contacted, requested('contacted'), failed).state).toMatchObject({ version: 4, shownVersion: 2 });
  });
});

describe('erasing an applicant (right to erasure)', () => {
  it('erases from any status, recording who, when and why; the lookup the submission was indexed under stays known', () => {
    for (const past of [[submitted], [submitted, contacted], [submitted, requested(), converted()], [submitted, declined], [submitted, requested()]]) {
      spec.given(...past).when(erase).then([erased]);
      expect(spec.given(...past, erased).state).toMatchObject({ erased: true, emailLookup: 'k1' });
    }
    spec.given(messaged).when(erase).then([{ type: 'ApplicantErased', data: { prospectId: 'q1', byUserId: 'staff2', at: '2026-11-23T14:00:00.000Z', reason: 'request' } }]);
  });

  it('an account deletion erases as the system (no staff member)', () => {
    spec
      .given(submitted)
      .when({ type: 'EraseApplicant', byUserId: null, now: '2026-11-23T14:00:00.000Z', reason: 'account_deleted' })
      .then([{ type: 'ApplicantErased', data: { prospectId: P, byUserId: null, at: '2026-11-23T14:00:00.000Z', reason: 'account_deleted' } }]);
  });

  it('refuses erasing twice (409)', () => {
    spec.given(submitted, erased).when(erase).thenRefused(conflict(ADMISSIONS_MESSAGES.alreadyErased));
  });

  it('an erased applicant can no longer be contacted, declined or converted (409)', () => {
    for (const c of [contact, decline, request]) spec.given(submitted, erased).when(c).thenRefused(conflict(ADMISSIONS_MESSAGES.alreadyErased));
  });
});

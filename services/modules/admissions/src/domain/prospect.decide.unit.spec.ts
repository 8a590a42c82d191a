// given events / when command / then events (ARCHITECTURE.md §9): the admissions pipeline
// pending → contacted → converted | declined, and the end states that refuse every further change.
import { DomainError, type EventMetadata } from '@academy/event-store';
import { ADMISSIONS_MESSAGES } from '@academy/contracts';
import { assertConvertible, decideProspect, type ProspectCommand, prospectDecider, type ProspectEvent, type ProspectState } from './prospect.js';

const meta: EventMetadata = { actorId: 'staff1', actorRole: 'student_admin', correlationId: 'c', causationId: null, occurredAt: '2026-11-23T10:00:00.000Z' };
const given = (...events: ProspectEvent[]): ProspectState =>
  events.reduce((s, e) => prospectDecider.evolve(s, { type: e.type, data: e.data, personal: e.personal ?? null, metadata: meta }), prospectDecider.initialState());
const refused = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof DomainError) return { kind: e.kind, message: e.message };
    throw e;
  }
  throw new Error('not refused');
};

const person = { firstName: 'Thandi', lastName: 'Nkosi', email: 'thandi@example.com', phone: '+27 82 123 4567', message: 'Evening classes?' };
const [submitted] = decideProspect({ type: 'SubmitApplication', prospectId: 'p1', course: 'Web Development', person, emailLookup: 'k1' }, given());
const [messaged] = decideProspect({ type: 'ReceiveQuickContact', prospectId: 'q1', person: { name: 'Tendai', email: 't@example.zw', message: 'Prices in USD?' }, emailLookup: 'k2' }, given());
const contact: ProspectCommand = { type: 'MarkContacted', byUserId: 'staff1', now: '2026-11-23T11:00:00.000Z' };
const decline: ProspectCommand = { type: 'Decline', byUserId: 'staff2', now: '2026-11-23T12:00:00.000Z' };
const convert: ProspectCommand = { type: 'Convert', byUserId: 'staff1', now: '2026-11-23T13:00:00.000Z', studentId: 'u9' };
/** given `past` events, when `command`: the new events and the state after them. */
const then = (past: ProspectEvent[], command: ProspectCommand) => {
  const events = decideProspect(command, given(...past));
  return { events, state: given(...past, ...events) };
};

describe('submitting', () => {
  it('stores an application pending, the person encrypted under the prospect subject and the course readable', () => {
    expect(submitted).toEqual({
      type: 'ApplicationSubmitted',
      data: { prospectId: 'p1', course: 'Web Development', emailLookup: 'k1' },
      personal: { subjectId: 'prospect-p1', data: person },
    });
    expect(given(submitted)).toEqual({ exists: true, prospectId: 'p1', kind: 'application', status: 'pending', studentId: null, emailLookup: 'k1', erased: false });
  });

  it('stores a quick-contact message pending, with its own kind', () => {
    expect(messaged).toEqual({ type: 'QuickContactReceived', data: { prospectId: 'q1', emailLookup: 'k2' }, personal: { subjectId: 'prospect-q1', data: { name: 'Tendai', email: 't@example.zw', message: 'Prices in USD?' } } });
    expect(given(messaged)).toMatchObject({ kind: 'quick_contact', status: 'pending' });
  });

  it('never submits twice into one stream', () => {
    expect(refused(() => decideProspect({ type: 'SubmitApplication', prospectId: 'p1', course: 'IT Support', person, emailLookup: 'k1' }, given(submitted)))).toMatchObject({ kind: 'conflict' });
  });
});

describe('the pipeline', () => {
  it('pending → contacted records who and when, and names the status it left', () => {
    const { events, state } = then([submitted], contact);
    expect(events).toEqual([{ type: 'ApplicantContacted', data: { prospectId: 'p1', previousStatus: 'pending', byUserId: 'staff1', at: '2026-11-23T11:00:00.000Z' } }]);
    expect(state.status).toBe('contacted');
  });

  it('refuses marking contacted twice', () => {
    expect(refused(() => decideProspect(contact, given(submitted, ...then([submitted], contact).events)))).toEqual({ kind: 'conflict', message: ADMISSIONS_MESSAGES.alreadyContacted });
  });

  it('declines from pending or contacted', () => {
    expect(then([submitted], decline).events[0]).toMatchObject({ type: 'ApplicantDeclined', data: { previousStatus: 'pending', byUserId: 'staff2' } });
    const contacted = decideProspect(contact, given(submitted));
    const { events, state } = then([submitted, ...contacted], decline);
    expect(events[0].data).toMatchObject({ previousStatus: 'contacted' });
    expect(state.status).toBe('declined');
  });

  it('converts from pending or contacted, naming the student account', () => {
    const { events, state } = then([submitted], convert);
    expect(events).toEqual([
      { type: 'ApplicantConverted', data: { prospectId: 'p1', previousStatus: 'pending', byUserId: 'staff1', at: '2026-11-23T13:00:00.000Z', studentId: 'u9' } },
    ]);
    expect(state).toMatchObject({ status: 'converted', studentId: 'u9' });
    const contacted = decideProspect(contact, given(submitted));
    expect(then([submitted, ...contacted], convert).events[0].data).toMatchObject({ previousStatus: 'contacted' });
  });

  it('a converted applicant cannot be converted, declined or contacted again', () => {
    const converted = given(submitted, ...decideProspect(convert, given(submitted)));
    for (const c of [convert, decline, contact]) expect(refused(() => decideProspect(c, converted))).toEqual({ kind: 'conflict', message: ADMISSIONS_MESSAGES.alreadyConverted });
    expect(refused(() => assertConvertible(converted))).toEqual({ kind: 'conflict', message: ADMISSIONS_MESSAGES.alreadyConverted });
  });

  it('a declined applicant cannot be converted, declined or contacted again', () => {
    const declined = given(submitted, ...decideProspect(decline, given(submitted)));
    for (const c of [convert, decline, contact]) expect(refused(() => decideProspect(c, declined))).toEqual({ kind: 'conflict', message: ADMISSIONS_MESSAGES.alreadyDeclined });
  });

  it('a quick-contact message can be contacted and declined but not converted (it has no application)', () => {
    expect(then([messaged], contact).state.status).toBe('contacted');
    expect(then([messaged], decline).state.status).toBe('declined');
    expect(refused(() => decideProspect(convert, given(messaged)))).toEqual({ kind: 'conflict', message: ADMISSIONS_MESSAGES.onlyApplicationsConvert });
  });

  it('an unknown prospect is not found for every staff command', () => {
    for (const c of [convert, decline, contact]) expect(refused(() => decideProspect(c, given()))).toEqual({ kind: 'not_found', message: ADMISSIONS_MESSAGES.prospectNotFound });
  });
});

describe('erasing an applicant (right to erasure)', () => {
  const erase: ProspectCommand = { type: 'EraseApplicant', byUserId: 'staff2', now: '2026-11-23T14:00:00.000Z', reason: 'request' };
  const contacted = then([submitted], contact).events;
  const converted = then([submitted], convert).events;
  const declined = then([submitted], decline).events;

  it('erases from any status, recording who, when and why; the lookup the submission was indexed under stays known', () => {
    for (const past of [[submitted], [submitted, ...contacted], [submitted, ...converted], [submitted, ...declined], [messaged]]) {
      const { events, state } = then(past, erase);
      expect(events).toEqual([{ type: 'ApplicantErased', data: { prospectId: past[0].data.prospectId, byUserId: 'staff2', at: '2026-11-23T14:00:00.000Z', reason: 'request' } }]);
      expect(state).toMatchObject({ erased: true, emailLookup: past[0] === messaged ? 'k2' : 'k1' });
    }
  });

  it('an account deletion erases as the system (no staff member)', () => {
    const { events } = then([submitted], { type: 'EraseApplicant', byUserId: null, now: '2026-11-23T14:00:00.000Z', reason: 'account_deleted' });
    expect(events[0].data).toMatchObject({ byUserId: null, reason: 'account_deleted' });
  });

  it('refuses erasing twice (409) and an unknown prospect (404)', () => {
    const erased = then([submitted], erase).events;
    expect(refused(() => decideProspect(erase, given(submitted, ...erased)))).toEqual({ kind: 'conflict', message: ADMISSIONS_MESSAGES.alreadyErased });
    expect(refused(() => decideProspect(erase, given()))).toEqual({ kind: 'not_found', message: ADMISSIONS_MESSAGES.prospectNotFound });
  });

  it('an erased applicant can no longer be contacted, declined or converted (409)', () => {
    const state = given(submitted, ...then([submitted], erase).events);
    for (const command of [contact, decline, convert]) {
      expect(refused(() => decideProspect(command, state))).toEqual({ kind: 'conflict', message: ADMISSIONS_MESSAGES.alreadyErased });
    }
    expect(refused(() => assertConvertible(state))).toEqual({ kind: 'conflict', message: ADMISSIONS_MESSAGES.alreadyErased });
  });
});

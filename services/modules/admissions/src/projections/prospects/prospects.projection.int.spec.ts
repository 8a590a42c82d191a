// The admissions pipeline's read model from given events, against real Postgres (libs/testing projectionSpec).
import { describe, expect, it } from '@jest/globals';
import { prospectStream, prospectSubject } from '@academy/contracts';
import { event, projectionSpec } from '@academy/testing/projection';
import { prospectsProjection } from './prospects.projection.js';

const PROSPECT = '00000000-0000-4000-8000-0000000000d1';
const STAFF = '00000000-0000-4000-8000-0000000000d2';
const stream = prospectStream(PROSPECT);
const applied = event(
  stream,
  'ApplicationSubmitted',
  { prospectId: PROSPECT, course: 'Web Development' },
  { personal: { subjectId: prospectSubject(PROSPECT), data: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '+27 82 123 4567', message: 'Hi' } } },
);

const spec = projectionSpec(() => prospectsProjection, 'prospects_projection');

describe('admissions prospects projection', () => {
  it('keeps an application and its status change', async () => {
    const t = await spec.given([
      applied,
      event(stream, 'ApplicantContacted', { prospectId: PROSPECT, previousStatus: 'pending', byUserId: STAFF, at: '2026-01-02T00:00:00.000Z' }),
    ]);
    expect(await t.rows('SELECT name, email, course, status, status_changed_by, version FROM prospects')).toEqual([
      { name: 'Ann Lee', email: 'ann@example.com', course: 'Web Development', status: 'contacted', status_changed_by: STAFF, version: 2 },
    ]);
  });

  it('ApplicantErased removes the row; a replay of the shredded application keeps no person', async () => {
    const t = await spec.given([applied]);
    await t.store.eraseSubject(prospectSubject(PROSPECT));
    expect(await (await t.rebuild()).rows('SELECT name, email, message FROM prospects')).toEqual([{ name: '', email: '', message: '' }]);
    const erased = await t.andThen([event(stream, 'ApplicantErased', { prospectId: PROSPECT, byUserId: STAFF, at: '2026-01-03T00:00:00.000Z', reason: 'request' })]);
    expect(await erased.rows('SELECT id FROM prospects')).toEqual([]);
  });
});

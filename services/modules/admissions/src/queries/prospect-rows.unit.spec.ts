import { describe, expect, it } from '@jest/globals';
import type { ProspectRow } from '../projections/prospects/prospect.entity.js';
import { FORMER_STAFF, toProspect } from './prospect-rows.read.js';

const STAFF = '00000000-0000-4000-8000-0000000000a1';
const row = {
  id: '00000000-0000-4000-8000-0000000000a2',
  kind: 'application',
  firstName: 'Ann',
  lastName: 'Lee',
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: '+27 82 123 4567',
  course: 'Web Development',
  message: 'Hi',
  status: 'contacted',
  appliedAt: new Date('2026-01-01T00:00:00.000Z'),
  statusChangedAt: new Date('2026-01-02T00:00:00.000Z'),
  statusChangedBy: STAFF,
  studentId: null,
  version: 2,
  search: 'ann lee',
} as ProspectRow;

describe('a prospect as the screens show it', () => {
  it('names who changed the status, with ISO dates', () => {
    expect(toProspect(row, new Map([[STAFF, 'Sam Staff']]))).toEqual({
      id: row.id,
      kind: 'application',
      name: 'Ann Lee',
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      phone: '+27 82 123 4567',
      courseInterest: 'Web Development',
      message: 'Hi',
      status: 'contacted',
      appliedAt: '2026-01-01T00:00:00.000Z',
      statusChangedAt: '2026-01-02T00:00:00.000Z',
      statusChangedBy: { id: STAFF, name: 'Sam Staff' },
      studentId: null,
      version: 2,
    });
  });

  it('says a former staff member changed it when the person is gone or has no name', () => {
    expect(toProspect(row, new Map()).statusChangedBy).toEqual({ id: STAFF, name: FORMER_STAFF });
    expect(toProspect(row, new Map([[STAFF, null]])).statusChangedBy).toEqual({ id: STAFF, name: FORMER_STAFF });
  });

  it('has no who/when before the first change', () => {
    expect(toProspect({ ...row, statusChangedAt: null, statusChangedBy: null } as ProspectRow, new Map()).statusChangedBy).toBeNull();
  });
});

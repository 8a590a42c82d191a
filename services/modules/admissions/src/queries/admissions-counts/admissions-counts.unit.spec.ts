import { describe, expect, it } from '@jest/globals';
import { admissionsCountsOf } from './admissions-counts.handler.js';

describe('admissionsCountsOf', () => {
  it('is all zeros when there is nothing (or no schema yet)', () => {
    expect(admissionsCountsOf([])).toEqual({ pendingApplications: 0, openApplications: 0, pendingQuickContacts: 0 });
  });

  it('counts pending applications, open (pending or contacted) applications and pending messages, each of its own kind', () => {
    expect(
      admissionsCountsOf([
        { kind: 'application', status: 'pending', count: 3 },
        { kind: 'application', status: 'contacted', count: 2 },
        { kind: 'application', status: 'converted', count: 7 },
        { kind: 'application', status: 'declined', count: 5 },
        { kind: 'quick_contact', status: 'pending', count: 4 },
        { kind: 'quick_contact', status: 'contacted', count: 6 },
      ]),
    ).toEqual({ pendingApplications: 3, openApplications: 5, pendingQuickContacts: 4 });
  });
});

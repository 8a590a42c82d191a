import { linkedProspects, PROSPECT_EMAIL_LINKED, PROSPECT_EMAIL_UNLINKED } from './applicant-email.js';

const linked = (prospectId: string, position: number) => ({ type: PROSPECT_EMAIL_LINKED, data: { prospectId }, position });
const unlinked = (prospectId: string, position: number) => ({ type: PROSPECT_EMAIL_UNLINKED, data: { prospectId }, position });

describe('the applicant email lookup stream', () => {
  it('lists the prospects linked to the address and not unlinked since', () => {
    expect(linkedProspects([])).toEqual([]);
    expect(linkedProspects([linked('a', 1), linked('b', 5), unlinked('a', 9)])).toEqual(['b']);
  });

  it('only up to a position: an account deleted at 6 does not take an application sent at 7 with it', () => {
    expect(linkedProspects([linked('a', 1), linked('b', 7)], 6)).toEqual(['a']);
  });
});

import { describe, expect, it } from '@jest/globals';
import { likeLiteral, prospectsWhere } from './list-prospects.handler.js';

describe('the list filter', () => {
  it('is one kind, every status, when nothing else is asked', () => {
    expect(prospectsWhere({ kind: 'application', q: '' })).toEqual({ kind: 'application' });
  });

  it('adds the status and a case-insensitive substring of the search text', () => {
    expect(prospectsWhere({ kind: 'quick_contact', status: 'pending', q: 'Ann' })).toEqual({ kind: 'quick_contact', status: 'pending', search: { $like: '%ann%' } });
  });

  it('searches % and _ (and the escape character) as plain text', () => {
    expect(likeLiteral('50%_Off\\')).toBe('50\\%\\_off\\\\');
  });
});

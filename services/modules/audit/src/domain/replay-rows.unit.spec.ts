import { describe, expect, it } from '@jest/globals';
import { AUDIT_MASK } from '@academy/contracts';
import { maskReplayRow } from './replay-rows.js';

describe('a differing read-model row as an auditor without a grant sees it', () => {
  it('masks personal columns whatever their value, and keeps ids, instants, counts and statuses', () => {
    const row = {
      id: '0b8f0c52-7f2e-4d4c-9a57-0a3f5c9b1e11',
      email: 'ann@example.com',
      email_hash: 'a'.repeat(64),
      full_name: 'ann',
      phone: '+27 82 123 4567',
      date_of_birth: '2000-01-01',
      role: 'student',
      status: 'active',
      current_week: 3,
      verified: true,
      created_at: '2026-11-24T10:00:00.123+00:00',
      completed_at: null,
    };
    expect(maskReplayRow(row)).toEqual({
      id: row.id,
      email: AUDIT_MASK,
      email_hash: AUDIT_MASK,
      full_name: AUDIT_MASK,
      phone: AUDIT_MASK,
      date_of_birth: AUDIT_MASK,
      role: 'student',
      status: 'active',
      current_week: 3,
      verified: true,
      created_at: row.created_at,
      completed_at: null,
    });
  });

  it('masks by shape what no column name gives away: free text, bare dates, JSON, long strings', () => {
    expect(maskReplayRow({ title: 'Ann Lee wrote this', day: '1990-05-04', prefs: { mail: true }, list: ['x'], code: 'ENR-2026-0001', kind: 'capstone' })).toEqual({
      title: AUDIT_MASK,
      day: AUDIT_MASK,
      prefs: AUDIT_MASK,
      list: AUDIT_MASK,
      code: AUDIT_MASK,
      kind: 'capstone',
    });
  });
});

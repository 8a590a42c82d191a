import { describe, expect, it } from '@jest/globals';
import { decodeSubmissionsCursor, encodeSubmissionsCursor } from './submissions-cursor.js';

const ID = '00000000-0000-4000-8000-0000000000a1';
const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('teacher Submissions cursor', () => {
  it('decodes what it encodes, microseconds kept', () => {
    const c = { at: '2026-11-24T10:15:30.123456Z', id: ID };
    const text = encodeSubmissionsCursor(c);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeSubmissionsCursor(text)).toEqual(c);
  });

  it('refuses what it did not give out', () => {
    expect(decodeSubmissionsCursor('not base64 json')).toBeNull();
    expect(decodeSubmissionsCursor(raw({ at: '2026-11-24T10:15:30.123456Z', id: ID }))).toBeNull();
    expect(decodeSubmissionsCursor(raw(['2026-11-24T10:15:30.123456Z']))).toBeNull();
    expect(decodeSubmissionsCursor(raw(['2026-11-24T10:15:30.123456Z', 'not-a-uuid']))).toBeNull();
    // Milliseconds only, or no zone: not Postgres's µs text.
    expect(decodeSubmissionsCursor(raw(['2026-11-24T10:15:30.123Z', ID]))).toBeNull();
    expect(decodeSubmissionsCursor(raw(['2026-11-24T10:15:30.123456', ID]))).toBeNull();
  });

  it('refuses an instant that does not exist', () => {
    expect(decodeSubmissionsCursor(raw(['2026-02-30T10:15:30.123456Z', ID]))).toBeNull();
    expect(decodeSubmissionsCursor(raw(['2026-11-24T24:15:30.123456Z', ID]))).toBeNull();
    expect(decodeSubmissionsCursor(raw(['2026-02-28T10:15:30.123456Z', ID]))).toEqual({ at: '2026-02-28T10:15:30.123456Z', id: ID });
  });
});

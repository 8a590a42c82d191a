// The published events' contract: what the store checks on append and what consumers get on read.
import { describe, expect, it } from '@jest/globals';
import { EnrollmentWeekAdvancedV2 } from './enrollment.js';
import { CapstonePassedV1, WorkSubmittedV1 } from './grading.js';
import { ProfileCompletedV1, StudentContactUpdatedV1, UserRegisteredV1 } from './identity.js';
import { publishedEventFor, PublishedEventError } from './published-event.js';
import { PUBLISHED_EVENTS, publishedEventOf, publishedEventSchemas } from './registry.js';

const capstonePassed = { studentId: 's1', capstoneId: 'c1', submissionId: 'x1', weekId: 'w1', subjectId: 'sub1', programId: 'p1' };

describe('published events', () => {
  it('parse gives the data of its own type and refuses another type or a shape that does not fit', () => {
    expect(CapstonePassedV1.parse({ type: 'CapstonePassed', data: capstonePassed })).toEqual(capstonePassed);
    expect(() => CapstonePassedV1.parse({ type: 'WorkSubmitted', data: capstonePassed })).toThrow(PublishedEventError);
    expect(() => CapstonePassedV1.parse({ type: 'CapstonePassed', data: { ...capstonePassed, programId: 7 } })).toThrow(/programId/);
  });

  it('parse keeps only the fields of the contract', () => {
    expect(CapstonePassedV1.parse({ type: 'CapstonePassed', data: { ...capstonePassed, internal: true } })).toEqual(capstonePassed);
  });

  it('reads a stored v1 EnrollmentWeekAdvanced as v2, with or without its capstone', () => {
    expect(EnrollmentWeekAdvancedV2.parse({ type: 'EnrollmentWeekAdvanced', schemaVersion: 1, data: { enrollmentId: 'e1', week: 3, capstoneId: 'c1' } })).toEqual({
      enrollmentId: 'e1',
      currentWeek: 3,
      capstoneId: 'c1',
    });
    expect(EnrollmentWeekAdvancedV2.parse({ type: 'EnrollmentWeekAdvanced', data: { enrollmentId: 'e1', week: 2 } })).toEqual({ enrollmentId: 'e1', currentWeek: 2, capstoneId: null });
    // Already upcast by the store: taken as it is.
    expect(EnrollmentWeekAdvancedV2.parse({ type: 'EnrollmentWeekAdvanced', schemaVersion: 2, data: { enrollmentId: 'e1', currentWeek: 2, capstoneId: null } }).currentWeek).toBe(2);
  });

  it('refuses a version newer than the code knows instead of misreading it', () => {
    expect(() => EnrollmentWeekAdvancedV2.parse({ type: 'EnrollmentWeekAdvanced', schemaVersion: 3, data: {} })).toThrow(/newer/);
  });

  it('personal is null once erased and checked otherwise; only the contract fields pass', () => {
    expect(UserRegisteredV1.personal({ type: 'UserRegistered', data: {}, personal: null })).toBeNull();
    expect(UserRegisteredV1.personal({ type: 'UserRegistered', data: {}, personal: { data: { email: 'a@b.c', fullName: 'A B', passwordHash: 'h' } } })).toEqual({ email: 'a@b.c', fullName: 'A B' });
    expect(() => WorkSubmittedV1.personal({ type: 'WorkSubmitted', data: {}, personal: { data: { notes: 5 } } })).toThrow(PublishedEventError);
  });

  it('publishedEventFor picks the event of a shared handler by type', () => {
    expect(publishedEventFor([ProfileCompletedV1, StudentContactUpdatedV1], { type: 'StudentContactUpdated', data: {} })).toBe(StudentContactUpdatedV1);
    expect(() => publishedEventFor([ProfileCompletedV1], { type: 'UserDeleted', data: {} })).toThrow(PublishedEventError);
  });
});

describe('the registry the event store is given', () => {
  it('declares each type once, with an upcaster for every older version', () => {
    expect(new Set(PUBLISHED_EVENTS.map((e) => e.type)).size).toBe(PUBLISHED_EVENTS.length);
    for (const e of PUBLISHED_EVENTS) for (let v = 1; v < e.version; v++) expect(typeof e.upcasters[v]).toBe('function');
    expect(publishedEventOf('EnrollmentWeekAdvanced')).toBe(EnrollmentWeekAdvancedV2);
    expect(publishedEventOf('WeekUpdated')).toBeUndefined();
    expect(Object.keys(publishedEventSchemas.upcasters)).toEqual(['EnrollmentWeekAdvanced']);
  });

  it('stamps the current version on a published event that fits, and leaves internal events alone', () => {
    expect(publishedEventSchemas.check({ type: 'EnrollmentWeekAdvanced', data: { enrollmentId: 'e1', currentWeek: 2, capstoneId: 'c1' } })).toEqual({ ok: true, schemaVersion: 2 });
    expect(publishedEventSchemas.check({ type: 'WeekUpdated', data: { anything: 1 } })).toEqual({ ok: true });
  });

  it('refuses a published event that does not fit, or that a producer writes at an old version', () => {
    const v1Shape = publishedEventSchemas.check({ type: 'EnrollmentWeekAdvanced', data: { enrollmentId: 'e1', week: 2 } });
    expect(v1Shape.ok).toBe(false);
    const oldVersion = publishedEventSchemas.check({ type: 'EnrollmentWeekAdvanced', schemaVersion: 1, data: { enrollmentId: 'e1', currentWeek: 2, capstoneId: null } });
    expect(oldVersion).toEqual({ ok: false, reason: expect.stringMatching(/v2/) });
    const personal = publishedEventSchemas.check({ type: 'WorkSubmitted', data: {}, personal: { notes: 'x' } });
    expect(personal.ok).toBe(false);
  });
});

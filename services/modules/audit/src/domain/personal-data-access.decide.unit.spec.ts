import { describe, expect, it } from '@jest/globals';
import { DomainError } from '@academy/event-store';
import { AUDIT_EVENTS } from './audit-events.js';
import { accessDecider, type AccessEvent } from './personal-data-access.js';

const given = (...events: AccessEvent[]) => events.reduce((s, e) => accessDecider.evolve(s, { ...e, personal: null, metadata: { actorId: 'a', actorRole: 'admin', correlationId: 'c', causationId: null, occurredAt: '2026-01-01T00:00:00.000Z' } }), accessDecider.initialState());
const granted: AccessEvent = { type: AUDIT_EVENTS.PersonalDataAccessGranted, data: { auditorId: 'u1', byUserId: 'a1' } };
const revoked: AccessEvent = { type: AUDIT_EVENTS.PersonalDataAccessRevoked, data: { auditorId: 'u1', byUserId: 'a1' } };
const grant = (granteeRole: string | null) => ({ type: 'GrantPersonalDataAccess' as const, auditorId: 'u1', granteeRole, byUserId: 'a1' });
const revoke = { type: 'RevokePersonalDataAccess' as const, auditorId: 'u1', byUserId: 'a1' };

describe('personal data access of an auditor', () => {
  it('is granted once to an auditor; granting again records nothing', () => {
    expect(accessDecider.decide(grant('auditor'), given())).toEqual([granted]);
    expect(accessDecider.decide(grant('auditor'), given(granted))).toEqual([]);
    expect(accessDecider.decide(grant('auditor'), given(granted, revoked))).toEqual([granted]);
  });

  it('is refused for anyone who is not an auditor now (404)', () => {
    for (const role of ['teacher', 'admin', null]) {
      expect(() => accessDecider.decide(grant(role), given())).toThrow(DomainError);
    }
  });

  it('is revoked only when granted', () => {
    expect(accessDecider.decide(revoke, given(granted))).toEqual([revoked]);
    expect(accessDecider.decide(revoke, given())).toEqual([]);
    expect(accessDecider.decide(revoke, given(granted, revoked))).toEqual([]);
  });
});

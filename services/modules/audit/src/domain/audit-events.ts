// The audit context's own facts (issue 16 "watching the watchers"): every view of the log and every
// grant is an event, so the Event log shows who looked at what, and who let them.

export const AUDIT_EVENTS = {
  /** Someone read the log through the audit API (a page of the Event log, an event, the chain's state). */
  AuditTrailViewed: 'AuditTrailViewed',
  PersonalDataAccessGranted: 'PersonalDataAccessGranted',
  PersonalDataAccessRevoked: 'PersonalDataAccessRevoked',
} as const;

/** What was viewed: the endpoint's name and what it was asked (filters, a position). Never personal data. */
export interface AuditTrailViewedData {
  view: 'event-log' | 'event' | 'chain';
  viewerId: string;
  /** The filters or the position asked for, as parsed (ids, types, instants: no personal data). */
  query: Record<string, unknown>;
  /** Whether personal fields were shown in clear to the viewer. */
  personalInClear: boolean;
}

/** One stream per viewer: views never contend with each other or with the log they read. */
export const auditTrailStream = (viewerId: string) => `audit-trail-${viewerId}`;

/** Whole-chain verifications (their outcome; issue 16 step 3 runs them as jobs): one stream, newest last. */
export const VERIFICATIONS_STREAM = 'audit-verifications';
export const CHAIN_VERIFIED = 'ChainVerified';
export interface ChainVerifiedData {
  ok: boolean;
  checked: number;
  /** The first broken position and why (null when ok). */
  position: number | null;
  reason: string | null;
  byUserId: string | null;
}

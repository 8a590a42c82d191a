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
  view: 'event-log' | 'event' | 'chain' | 'checkpoints' | 'why' | 'overview' | 'as-of' | 'replay';
  viewerId: string;
  /** The filters or the position asked for, as parsed (ids, types, instants: no personal data). */
  query: Record<string, unknown>;
  /** Whether personal fields were shown in clear to the viewer. */
  personalInClear: boolean;
}

/** One stream per viewer: views never contend with each other or with the log they read. */
export const auditTrailStream = (viewerId: string) => `audit-trail-${viewerId}`;

/**
 * Whole-chain verifications, on one stream: each request, then its outcome (appended by the job in
 * the worker; the dispatcher turns a request into a BullMQ job whose id is the request's event id).
 */
export const VERIFICATIONS_STREAM = 'audit-verifications';
export const CHAIN_VERIFICATION_REQUESTED = 'ChainVerificationRequested';
export const CHAIN_VERIFIED = 'ChainVerified';
export interface ChainVerificationRequestedData {
  byUserId: string;
  /** A signed checkpoint the chain must pass through (its signature was checked before the request). */
  expectedHead: { position: number; hash: string } | null;
}
export interface ChainVerifiedData {
  /** The request's event id. */
  requestId: string;
  ok: boolean;
  checked: number;
  /** The first broken position and why (null when ok). */
  position: number | null;
  reason: string | null;
  byUserId: string | null;
  /** Where the walk ended when ok. */
  head: { position: number; hash: string } | null;
}

/** Signed checkpoints (the signature is made in the API with a key outside the database) and their exports. */
export const CHECKPOINTS_STREAM = 'audit-checkpoints';
export const CHECKPOINT_SIGNED = 'CheckpointSigned';
export const CHECKPOINT_EXPORTED = 'CheckpointExported';

/** Evidence bundles handed out (issue 16): what range, how many events, the digest the bundle signs, and who took it. */
export const EVIDENCE_STREAM = 'audit-evidence';
export const EVIDENCE_EXPORTED = 'EvidenceExported';
export interface EvidenceExportedData {
  /** The range asked for. */
  from: number;
  to: number;
  /** The last position in the bundle (the closing checkpoint's, when the range was extended to one). */
  lastPosition: number;
  events: number;
  /** The positions of the signed checkpoints in it. */
  checkpoints: number[];
  /** sha256 of the bundle's content, as its signature line names it. */
  digest: string;
  byUserId: string;
}

/**
 * Replays of every projection into a scratch schema, compared with the live tables (ADR 0034), on one
 * stream: each request, then its outcome (appended by the job in the worker; the dispatcher turns a
 * request into a BullMQ job whose id is the request's event id). The differing ROWS are not in the
 * outcome: they may hold personal data, which the log keeps only encrypted; they are in the audit
 * context's table `audit_replay_rows` (trail/replay-rows.ts).
 */
export const REPLAYS_STREAM = 'audit-replays';
export const REPLAY_REQUESTED = 'ReplayRequested';
export const REPLAY_COMPLETED = 'ReplayCompleted';
export interface ReplayRequestedData {
  byUserId: string;
}
export interface ReplayCompletedData {
  /** The request's event id. */
  requestId: string;
  byUserId: string;
  equal: boolean;
  projections: Array<{
    name: string;
    version: number;
    result: 'equal' | 'different' | 'skipped';
    /** The log position both sides were compared at. */
    position: number;
    reason: string | null;
    /** How many rows differ, per table and side (the rows themselves: audit_replay_rows, the first ones of each). */
    differing: Array<{ table: string; side: 'live-only' | 'replay-only'; rows: number }>;
    missingTables: Array<{ table: string; side: 'live-only' | 'replay-only' }>;
  }>;
}

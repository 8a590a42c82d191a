// Public surface of the audit context: the Nest module, and what the worker runs (the verification
// and replay jobs' routes for its dispatcher, their queue and processor functions, the context's migrations).
export { AuditModule } from './audit.module.js';
export { AUDIT_QUEUE, auditRoutes, runVerifyChainJob, type VerifyChainJob } from './jobs/verify-chain.js';
export { CHECKPOINT_SCHEDULER_ID, SCHEDULED_CHECKPOINT_JOB, checkpointIntervalMs, runScheduledCheckpoint, type ScheduledCheckpointJob } from './jobs/scheduled-checkpoint.js';
export { REPLAY_JOB, runReplayJob, type ReplayJob, type ReplayJobDeps } from './jobs/replay.js';
export { auditMigrations } from './trail/migrations/index.js';
export { AuditReplayRow } from './trail/replay-row.entity.js';
export { explainValue } from './trail/why.js';
export { logSchema } from './trail/log-schema.js';
export { travel, type TimeTravelFolds } from './trail/time-travel.js';
export { exportEvidence } from './trail/evidence.js';
export { listCheckpoints } from './trail/checkpoints.js';
export { listGrants } from './trail/grants.js';
export { eventDetail, eventLogPage } from './trail/event-log.js';

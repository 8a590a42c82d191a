// Public surface of the audit context: the Nest module, and what the worker runs (the verification
// job's routes for its dispatcher, its queue and its processor function).
export { AuditModule } from './audit.module.js';
export { AUDIT_QUEUE, auditRoutes, runVerifyChainJob, type VerifyChainJob } from './jobs/verify-chain.js';
export { CHECKPOINT_SCHEDULER_ID, SCHEDULED_CHECKPOINT_JOB, checkpointIntervalMs, runScheduledCheckpoint, type ScheduledCheckpointJob } from './jobs/scheduled-checkpoint.js';
export { explainValue } from './trail/why.js';
export { logSchema } from './trail/log-schema.js';
export { travel, type TimeTravelFolds } from './trail/time-travel.js';
export { exportEvidence } from './trail/evidence.js';
export { listCheckpoints } from './trail/checkpoints.js';
export { listGrants } from './trail/grants.js';
export { eventDetail, eventLogPage } from './trail/event-log.js';

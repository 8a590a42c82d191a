export * from './port.js';
export { DomainError, fold, type Decider, type DecidedEvent, type LoadedEvent, type LoadedEventOf, type DomainErrorKind } from './decider.js';
export { canonicalJson } from './canonical.js';
export { PostgresEventStore, createPostgresEventStore, type PostgresEventStoreOptions } from './postgres/postgres-event-store.js';
// The KurrentDB / EventStoreDB adapter (ADR 0032), selected by EVENTSTORE_URL.
// The KurrentDB adapter is `@academy/event-store/kurrent` (kurrent/index.ts): not loaded unless used.
export { EVENT_STORE_MIGRATIONS, migrateEventStore, NewerSchemaError, type EventStoreMigration } from './postgres/migrations.js';
export { chainHash, canonicalBody } from './postgres/hash-chain.js';
export { generatedOnce, loadMasterKey, loadKeyBytes, MASTER_KEY_ENV, type LoadMasterKeyOptions } from './crypto/master-key.js';
export { deriveSubkey, LookupKey, EmailLookup, EMAIL_LOOKUP_PURPOSE, normaliseEmail } from './crypto/lookup-key.js';
// Projections, read-your-writes, dispatch and audit (ADR 0004, ADR 0005).
export type { Projection, ProjectionTx, EventHandler, Handler, SetHandler, TableUse } from './projections/types.js';
export { byIndexLookups } from './projections/statistics.js';
export { foldRuns, tableNameOf, withTables } from './projections/apply-order.js';
export { assertProjection } from './projections/apply.js';
export { type ProjectionOrm, onProjectionConnection, instant } from './projections/orm.js';
export { createProjectionMigration, pendingProjectionMigration, type CreatedMigration } from './projections/orm-migration.js';
export { ProjectionRunner, startProjections, type ProjectionRunnerOptions, type RunnerState, type RunningProjections } from './projections/runner.js';
export { projectionsStatus, failingProjections, type ProjectionStatusRow, type ProjectionFailure } from './projections/status.js';
export { retryProjection, type RetryOptions, type RetryOutcome } from './projections/repair.js';
export { isTransientError } from './projections/failure.js';
export { consumerExists, consumersStatus, failingConsumers, retryConsumer, type ConsumerStatusRow, type ConsumerRetryOutcome } from './consumers/status.js';
export { rebuildProjection, buildProjectionInto, type RebuildOptions, type RebuildResult } from './projections/rebuild.js';
export {
  ConsistencyWaiter,
  waitForProjections,
  commandAnswer,
  failingMessage,
  POSITION_HEADER,
  MIN_POSITION_HEADER,
  DEFAULT_CONSISTENCY_TIMEOUT_MS,
  type ConsistencyResult,
  type ConsistencyWaiterOptions,
} from './projections/consistency.js';
export { checkpointChannel, DEFAULT_CONTROL_SCHEMA } from './projections/control.js';
export { Dispatcher, RedisUnavailableError, planJobs, defaultJobData, type DispatcherOptions, type DispatchRoute, type DispatchRoutes, type DispatchedJob } from './dispatch/dispatcher.js';
export { auditReplay, diffSchemas, type AuditReplayOptions, type AuditReplayResult, type ProjectionAudit, type ReplayProgress, type RowDiff } from './audit/replay.js';
export { backupEventStore, restoreEventStore, BackupError, BACKUP_FORMAT, type BackupSummary } from './audit/backup.js';
export { searchEventLog, eventAtPosition, eventById, lastEventOf, versionedEventOf, sameCommandBefore, eventCountsByDay, positionAt, streamsAsOf, type LogSearchFilter, type LogRow } from './audit/log-search.js';
export { CheckpointedConsumer, type CheckpointedConsumerOptions, type ConsumerState } from './consumers/checkpointed-consumer.js';
// Reactors (process managers): checkpointed reactions to events, idempotent by derived event ids.
export { Reactor, startReactors, reactionEventId, type Reaction, type ReactorDefinition, type ReactorOptions } from './reactions/reactor.js';
// Postgres restarts are outages, not crashes (issue 13).
export { guardPool, isDatabaseUnavailable } from './postgres/connection-errors.js';
// The one command pipeline (ADR 0015): retry policy, atomic multi-stream appends, derived event ids.
export { runCommand, CommandUnit, Retry, StaleVersionError, derivedEventId, type RetryPolicy, type CommandSpec, type PipelineOutcome, type CommittedCommand, type LoadedStream, type ReadStream } from './pipeline.js';
export { nameBasedUuid } from './ids.js';
export { EVIDENCE_FORMAT, EVIDENCE_MAX_EVENTS, bundleDigest, evidenceRange, verifyBundle, writeBundle, type BundleVerdict, type EvidenceRange } from './audit/evidence.js';
export { CHECKPOINT_FORMAT, SIGNING_KEY_ENV, checkpointProblem, loadSigningKey, signCheckpoint, signingKeyFromSeed, type SignedCheckpoint, type SigningKey } from './audit/checkpoint.js';
export { rewriteHistory } from './audit/rewrite-history.js';

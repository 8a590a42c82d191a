export { configSchema, DEFAULT_PROJECTION_BATCH_SIZE, loadConfig, loadConfigOrExit, ConfigError, type AppConfig } from './config.js';
export { ormOptions, migrateUp, entities, MikroORM, type ContextMigrations } from './orm.js';
export { createRedis, type RedisClient, type RedisTarget } from './redis.js';
export { WorkerHeartbeat, type WorkerHeartbeatRow } from './system/worker-heartbeat.entity.js';
export { ZodValidationPipe } from './http/zod-validation.pipe.js';
export { ApiExceptionFilter, fieldErrors, type FieldErrors } from './http/exception.filter.js';
export { SYSTEM_QUEUE, HEARTBEAT_JOB, HEARTBEAT_EVERY_MS } from './system/queues.js';
export { boundShutdown, SHUTDOWN_DEADLINE_MS } from './system/shutdown-deadline.js';
export { EventSourcingModule } from './event-sourcing/event-sourcing.module.js';
export { PG_POOL, EVENT_STORE, CONSISTENCY_WAITER } from './event-sourcing/tokens.js';
export { openEventStore, type OpenedEventStore } from './event-sourcing/open-event-store.js';
export { CommandResponder, MinPositionInterceptor, ReadsProjections, type PendingAnswer } from './event-sourcing/read-your-writes.js';
export { commandMetadata, CORRELATION_HEADER, type Principal } from './event-sourcing/command-metadata.js';
export {
  MAIL_QUEUE,
  MAIL_MESSAGE_JOB,
  MAIL_JOB_OPTIONS,
  MAIL_CONCURRENCY,
  headerText,
  mailbox,
  mailRoutes,
  withMailRoutes,
  type MailMessage,
  type MailTemplate,
  type MailTemplates,
  type MailTemplateContext,
  type MailRender,
  type MailJobData,
} from './mail/mail.js';
export { APP_CONFIG, REDIS_CLIENT, SESSION_VALIDATOR, PROFILE_STATUS } from './auth/tokens.js';
export { Public, Roles, CurrentUser, AllowIncompleteProfile, IS_PUBLIC, ROLES, ALLOW_INCOMPLETE_PROFILE } from './auth/auth.decorators.js';
export { ProfileGate, PROFILE_REQUIRED_ROLES, type ProfileStatus } from './auth/profile-gate.guard.js';
export { CLOCK, systemClock, type Clock } from './clock.js';
export { JwtAuthGuard, NOT_SIGNED_IN } from './auth/jwt-auth.guard.js';
export { JwtStrategy, bearerToken, type SessionValidator } from './auth/jwt.strategy.js';
export { RolesGuard, FORBIDDEN } from './auth/roles.guard.js';
export { registerOwnName, dropOwnName } from './auth/strategy-names.js';
export { AccessTokens, ACCESS_TOKEN_TTL_SECONDS, type AccessClaims, type AccessTokenVerification } from './auth/access-tokens.js';
export { AuthModule } from './auth/auth.module.js';
export { loadJwtSecret } from './auth/jwt-secret.js';
export { RateLimiter, TooManyRequestsException, TOO_MANY_ATTEMPTS, type RateLimitRule, type RateLimitHit, type LimitOptions } from './http/rate-limiter.js';
export { clientAddress, rateLimitAddress } from './http/client-address.js';
export { HttpPlatformModule, applyHttpPlatform, API_PREFIX } from './http/platform.module.js';
// The OpenAPI document (/api/docs): answers declared next to each route, requests read from its ZodValidationPipes.
export { ApiTag, Answers, CommandAnswers, Refuses, DocumentedBody, ReadsRefreshCookie, RequestExample, type AnswerDoc, type RefusalStatus } from './http/openapi/api-doc.decorators.js';
export { ERROR_ANSWERS, pendingAnswerSchema, type ErrorStatus } from './http/openapi/error-answers.js';
export { openApiDocument, apiRoutes, type ApiRoute } from './http/openapi/openapi-document.js';
export { assertStorableInput } from './http/storable-input.interceptor.js';
export type { SecurityHeadersOptions } from './http/security-headers.js';
export type { Recipient, RecipientDirectory, InAppNotice, InAppTemplate, InAppTemplates, SubjectErasures } from './notifications/notices.js';
export { peopleReplica, personReplicaEntity, type PersonColumns } from './read-models/people.js';
export { assignmentReplicaEntity, catalogReplica, enrollmentReplicaEntity, enrollmentsReplica, programReplicaEntity, subjectReplicaEntity, type AssignmentColumns, type EnrollmentReplicaColumns, type ProgramColumns, type SubjectColumns } from './read-models/catalog.js';
export { preparedQuery } from './read-models/prepared.js';
export { isUuid, orNone, readModelEm } from './read-models/reads.js';
export { utcTimestampIso } from './read-models/timestamps.js';
// The backbone (ADR 0015): commands and queries on the CQRS buses, targeted consistency checks.
export { BackboneModule } from './cqrs/backbone.module.js';
export { Dispatch, DispatchingController, type Handled } from './cqrs/dispatch.js';
export { ReadModelGate, type ReadSide } from './cqrs/read-model-gate.js';
export { Caller, CallerCommand, commandContext, principalOf, type CommandContext } from './cqrs/command-context.js';
export { ListOrOneQuery, PrincipalListQuery, PrincipalObjectQuery, PrincipalQuery, UserQuery } from './cqrs/query-shapes.js';
export { ReadModelQueryHandler } from './cqrs/read-model-query-handler.js';
export { GatedCommandHandler, PipelineCommandHandler } from './cqrs/pipeline-command-handler.js';
// Outgoing calls to other servers (git hosts; later witnesses, a timestamp authority): ADR 0039.
export * from './outgoing/index.js';

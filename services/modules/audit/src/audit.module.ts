import { type DynamicModule, Module } from '@nestjs/common';
import { ApiTag } from '@academy/backend';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { AuditReplayRow } from './trail/replay-row.entity.js';
import { ExportEvidenceController } from './commands/export-evidence/export-evidence.http.controller.js';
import { ExportEvidenceHandler } from './commands/export-evidence/export-evidence.handler.js';
import { AuditAsOfController } from './queries/as-of/as-of.http.controller.js';
import { AuditAsOfHandler } from './queries/as-of/as-of.handler.js';
import { TIME_TRAVEL_FOLDS, type TimeTravelFolds } from './trail/time-travel.js';
import { ExportCheckpointController } from './commands/export-checkpoint/export-checkpoint.http.controller.js';
import { ExportCheckpointHandler } from './commands/export-checkpoint/export-checkpoint.handler.js';
import { RequestVerificationController } from './commands/request-verification/request-verification.http.controller.js';
import { RequestVerificationHandler } from './commands/request-verification/request-verification.handler.js';
import { SignCheckpointController } from './commands/sign-checkpoint/sign-checkpoint.http.controller.js';
import { SignCheckpointHandler } from './commands/sign-checkpoint/sign-checkpoint.handler.js';
import { ListCheckpointsController } from './queries/list-checkpoints/list-checkpoints.http.controller.js';
import { ListCheckpointsHandler } from './queries/list-checkpoints/list-checkpoints.handler.js';
import { VerificationStatusController } from './queries/verification-status/verification-status.http.controller.js';
import { VerificationStatusHandler } from './queries/verification-status/verification-status.handler.js';
import { RequestReplayController } from './commands/request-replay/request-replay.http.controller.js';
import { RequestReplayHandler } from './commands/request-replay/request-replay.handler.js';
import { ReplayStatusController } from './queries/replay-status/replay-status.http.controller.js';
import { ReplayStatusHandler } from './queries/replay-status/replay-status.handler.js';
import { AuditJobs, AuditSigner } from './trail/infra.js';
import { SetPersonalDataAccessController } from './commands/set-personal-data-access/set-personal-data-access.http.controller.js';
import { SetPersonalDataAccessHandler } from './commands/set-personal-data-access/set-personal-data-access.handler.js';
import { AuditChainStateController } from './queries/chain-state/chain-state.http.controller.js';
import { AuditChainStateHandler } from './queries/chain-state/chain-state.handler.js';
import { PersonalDataAccessController } from './queries/personal-data-access/personal-data-access.http.controller.js';
import { PersonalDataAccessHandler } from './queries/personal-data-access/personal-data-access.handler.js';
import { AuditEventAtController } from './queries/event-detail/event-detail.http.controller.js';
import { AuditEventAtHandler } from './queries/event-detail/event-detail.handler.js';
import { ListAuditEventsController } from './queries/list-events/list-events.http.controller.js';
import { ListAuditEventsHandler } from './queries/list-events/list-events.handler.js';
import { AuditOverviewController } from './queries/overview/overview.http.controller.js';
import { AuditOverviewHandler } from './queries/overview/overview.handler.js';
import { AuditWhyController } from './queries/why/why.http.controller.js';
import { AuditWhyHandler } from './queries/why/why.handler.js';

/**
 * The audit context's HTTP side (issue 16). It has no read model of its own: it reads the log itself
 * (and the last replay's differing rows, ADR 0034, through the AuditReplayRow entity).
 * Needs EventSourcingModule, BackboneModule, HttpPlatformModule (config, Redis), AuthModule (global) and
 * MikroOrmModule.forRoot({ autoLoadEntities: true }) from the composition root.
 * The verification and replay jobs run in the worker (runVerifyChainJob, runReplayJob, routed by auditRoutes);
 * the replay's differing rows live in its one table (auditMigrations, ADR 0034).
 * Import it as AuditModule.forRoot(folds): time travel folds the past with the owning contexts' own
 * evolve functions, which only the composition root may import (a context never imports another).
 */
@ApiTag('audit', "The auditors' questions to the event log: its chain, events (personal fields masked without a grant), whole-chain verifications and signed checkpoints.")
@Module({
  imports: [MikroOrmModule.forFeature([AuditReplayRow])],
  controllers: [
    ListAuditEventsController,
    AuditEventAtController,
    AuditChainStateController,
    PersonalDataAccessController,
    SetPersonalDataAccessController,
    RequestVerificationController,
    VerificationStatusController,
    SignCheckpointController,
    ListCheckpointsController,
    ExportCheckpointController,
    AuditWhyController,
    AuditOverviewController,
    AuditAsOfController,
    ExportEvidenceController,
    RequestReplayController,
    ReplayStatusController,
  ],
  providers: [
    AuditSigner,
    AuditJobs,
    ListAuditEventsHandler,
    AuditEventAtHandler,
    AuditChainStateHandler,
    PersonalDataAccessHandler,
    SetPersonalDataAccessHandler,
    RequestVerificationHandler,
    VerificationStatusHandler,
    SignCheckpointHandler,
    ListCheckpointsHandler,
    ExportCheckpointHandler,
    AuditWhyHandler,
    AuditOverviewHandler,
    AuditAsOfHandler,
    ExportEvidenceHandler,
    RequestReplayHandler,
    ReplayStatusHandler,
  ],
})
export class AuditModule {
  static forRoot(folds: TimeTravelFolds): DynamicModule {
    return { module: AuditModule, providers: [{ provide: TIME_TRAVEL_FOLDS, useValue: folds }] };
  }
}

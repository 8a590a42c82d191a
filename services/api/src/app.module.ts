import { type DynamicModule, Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { LoggerModule } from 'nestjs-pino';
import { type AppConfig, AuthModule, EventSourcingModule, BackboneModule, HttpPlatformModule, ormOptions, ApiTag } from '@academy/backend';
import { AdmissionsModule, pipelineAsOf } from '@academy/admissions';
import { AnnouncementsModule } from '@academy/announcements';
import { AttendanceModule } from '@academy/attendance';
import { AuditModule, type TimeTravelFolds } from '@academy/audit';
import { CatalogModule } from '@academy/catalog';
import { EnrollmentModule, enrollmentAsOf } from '@academy/enrollment';
import { LearningModule } from '@academy/learning';
import { GradingModule, gradebookAsOf } from '@academy/grading';
import { IdentityModule, IdentitySessionValidator, IdentityProfileStatus } from '@academy/identity';
import { NotificationsModule } from '@academy/notifications';
import { HealthController } from './health/health.controller.js';
import { FRONTEND_LAYOUT, FrontendsController } from './frontends/frontends.controller.js';
import { ClientEventsController } from './client-events/client-events.controller.js';
import { QueuesModule } from './queues/queues.module.js';
import type { FrontendLayout } from './frontends/frontends.js';

/** Time travel's folds: each context's own evolve, handed to the audit context (which may not import them). */
export const timeTravelFolds: TimeTravelFolds = { enrollment: enrollmentAsOf, gradebook: gradebookAsOf, pipeline: pipelineAsOf };

/** The API's composition root: platform controllers now, one module per bounded context as they land. */
@ApiTag('platform', 'Health, the Module Federation manifest and reports from the shell.')
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, layout: FrontendLayout): DynamicModule {
    return {
      module: AppModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.LOG_LEVEL,
            // One line per request with what was asked and how it ended, never its headers (tokens,
            // cookies) nor its query string (searches hold names): nothing to redact, and the least
            // to serialise on every request (issue 17 §6; pino binds these to each request's logger).
            serializers: {
              req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, path: req.url.split('?')[0] }),
              res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
            },
            autoLogging: { ignore: (req) => req.url === '/api/health' || req.url === '/api/health/live' },
            ...(config.NODE_ENV === 'development' && process.stdout.isTTY
              ? { transport: { target: 'pino-pretty', options: { singleLine: true } } }
              : {}),
          },
        }),
        // autoLoadEntities: each context module registers its read models' entities with forFeature (ADR 0018).
        MikroOrmModule.forRoot({ ...ormOptions(config.DATABASE_URL), registerRequestContext: true, autoLoadEntities: true }),
        TerminusModule.forRoot({ errorLogStyle: 'json', gracefulShutdownTimeoutMs: 0 }),
        EventSourcingModule.forRoot(config),
        BackboneModule.forRoot(),
        HttpPlatformModule.forRoot(config),
        // Every endpoint needs a signed-in user unless marked @Public(); identity owns the sessions.
        AuthModule.forRoot(IdentitySessionValidator, IdentityProfileStatus),
        IdentityModule,
        CatalogModule,
        EnrollmentModule,
        AdmissionsModule,
        LearningModule,
        GradingModule,
        NotificationsModule,
        AnnouncementsModule,
        AttendanceModule,
        AuditModule.forRoot(timeTravelFolds),
        // The admins' view of the worker's queues: failed jobs and retry (ADR 0032).
        QueuesModule,
      ],
      controllers: [HealthController, FrontendsController, ClientEventsController],
      providers: [{ provide: FRONTEND_LAYOUT, useValue: layout }],
    };
  }
}

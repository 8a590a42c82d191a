import { type DynamicModule, Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { LoggerModule } from 'nestjs-pino';
import { type AppConfig, EventSourcingModule, ormOptions } from '@academy/backend';
import { HeartbeatProcessor } from './system/heartbeat.processor.js';
import { AuditProcessor } from './audit/audit.processor.js';
import { ProjectionsHost, type WorkerRegistry } from './projections/projections.host.js';
import * as registry from './registry.js';
import { readEntities } from './registry.js';
import { mailTemplates } from './mail/templates.js';
import { MailProcessor } from './mail/mail.processor.js';
import { PinProcessor } from './git/pin.processor.js';
import { WORKER_CONFIG, WORKER_REGISTRY } from './tokens.js';

@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig, workerRegistry: WorkerRegistry = { ...registry, mailTemplates }): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.LOG_LEVEL,
            ...(config.NODE_ENV === 'development' && process.stdout.isTTY ? { transport: { target: 'pino-pretty', options: { singleLine: true } } } : {}),
          },
        }),
        // autoLoadEntities: the read models' entities come from forFeature (ADR 0018).
        MikroOrmModule.forRoot({ ...ormOptions(config.DATABASE_URL), autoLoadEntities: true }),
        MikroOrmModule.forFeature(readEntities),
        EventSourcingModule.forRoot(config),
      ],
      providers: [{ provide: WORKER_CONFIG, useValue: config }, { provide: WORKER_REGISTRY, useValue: workerRegistry }, HeartbeatProcessor, ProjectionsHost, MailProcessor, AuditProcessor, PinProcessor],
    };
  }
}

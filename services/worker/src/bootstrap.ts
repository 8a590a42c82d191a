import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { Logger } from 'nestjs-pino';
import { loadConfigOrExit, migrateUp, ormOptions } from '@academy/backend';
import { identitySessionMigrations } from '@academy/identity';
import { WorkerModule } from './worker.module.js';

async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  // Migrate before any processor starts (the context starts them as it is created).
  const orm = await MikroORM.init(ormOptions(config.DATABASE_URL));
  try {
    await migrateUp(orm, config.DATABASE_URL, [identitySessionMigrations]);
  } finally {
    await orm.close();
  }
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { bufferLogs: true, abortOnError: false });
  app.useLogger(app.get(Logger));
  // SIGTERM/SIGINT: close processors (running jobs finish), then the connections, then exit 0.
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  app.get(Logger).log('worker ready', 'bootstrap');
}

bootstrap().catch((e: unknown) => {
  process.stderr.write(`academy: the worker could not start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});

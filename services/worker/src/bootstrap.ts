import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { boundShutdown, loadConfigOrExit } from '@academy/backend';
import { migrateAll } from './migrate.js';
import { WorkerModule } from './worker.module.js';

async function bootstrap(): Promise<void> {
  const config = loadConfigOrExit();
  // Migrate before any processor starts (the context starts them as it is created).
  await migrateAll(config.DATABASE_URL);
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { bufferLogs: true, abortOnError: false });
  app.useLogger(app.get(Logger));
  // SIGTERM/SIGINT: close processors (running jobs finish), then the connections, then exit 0.
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  boundShutdown('worker');
  app.get(Logger).log('worker ready', 'bootstrap');
}

bootstrap().catch((e: unknown) => {
  process.stderr.write(`academy: the worker could not start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});

// What the audit API needs besides the log: the checkpoints' Ed25519 key (outside the database,
// loaded on first use so a deployment without AUDIT_SIGNING_KEY still serves the rest), and the
// BullMQ queue of verification jobs (read only: the worker's dispatcher adds the jobs).
import { Inject, Injectable, type OnApplicationShutdown, ServiceUnavailableException } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig, REDIS_CLIENT } from '@academy/backend';
import { loadSigningKey, type SigningKey } from '@academy/event-store';
import { AUDIT_QUEUE } from '../jobs/verify-chain.js';

@Injectable()
export class AuditSigner {
  private key?: SigningKey;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get(): SigningKey {
    try {
      this.key ??= loadSigningKey({ env: process.env, dataDir: this.config.ACADEMY_DATA_DIR, production: this.config.NODE_ENV === 'production' });
    } catch (e) {
      throw new ServiceUnavailableException(e instanceof Error ? e.message : String(e));
    }
    return this.key;
  }
}

@Injectable()
export class AuditJobs implements OnApplicationShutdown {
  readonly queue: Queue;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(REDIS_CLIENT) redis: Redis) {
    // The platform's client: BullMQ does not close a connection it was given.
    this.queue = new Queue(AUDIT_QUEUE, { connection: redis, prefix: config.QUEUE_PREFIX });
    this.queue.on('error', () => {});
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}

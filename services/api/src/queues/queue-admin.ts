// The worker's BullMQ queues as the admin API reads and retries them (ADR 0032), through BullMQ's
// own Queue API on the platform's Redis client: nothing is added or removed here, a failed job is
// only moved back to waiting, where a worker picks it up as before.
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig, REDIS_CLIENT, type RedisClient } from '@academy/backend';
import { ADMIN_QUEUES, type AdminQueueName } from '@academy/contracts';

@Injectable()
export class QueueAdmin implements OnApplicationShutdown {
  private readonly queues: Map<AdminQueueName, Queue>;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(REDIS_CLIENT) redis: RedisClient) {
    // The platform's client: BullMQ does not close a connection it was given.
    this.queues = new Map(
      ADMIN_QUEUES.map((name) => {
        const queue = new Queue(name, { connection: redis, prefix: config.QUEUE_PREFIX });
        queue.on('error', () => {});
        return [name, queue] as const;
      }),
    );
  }

  queue(name: AdminQueueName): Queue {
    return this.queues.get(name)!;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }
}

import { defineEntity, p } from '@mikro-orm/core';

/**
 * The worker's sign of life, written by its smoke/heartbeat job through Redis and read by the API's
 * health report: one row proves the whole path API → Redis → worker → Postgres works.
 */
export const WorkerHeartbeat = defineEntity({
  name: 'WorkerHeartbeat',
  tableName: 'worker_heartbeat',
  properties: {
    workerId: p.string().primary(),
    hostname: p.string(),
    pid: p.integer(),
    startedAt: p.datetime(),
    lastSeenAt: p.datetime(),
    jobsProcessed: p.integer().default(0),
  },
});

export type WorkerHeartbeatRow = InstanceType<typeof WorkerHeartbeat.class>;

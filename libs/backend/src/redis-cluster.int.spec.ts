// A real Redis Cluster (one redis-server in cluster mode holding all 16384 slots: it refuses
// cross-slot scripts exactly like a many-node cluster; it announces 127.0.0.1, else CLUSTER SLOTS
// names no host and ioredis waits forever): REDIS_CLUSTER_NODES makes createRedis build
// a Cluster, and BullMQ works on it only with the hash-tagged prefix the configuration demands.
import { uniquePrefix, until } from '@academy/testing';
import { Queue, Worker } from 'bullmq';
import { Cluster, Redis } from 'ioredis';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from './config.js';
import { createRedis, type RedisClient } from './redis.js';

// @academy/devstack is untyped .mjs: the two functions this test uses, as it documents them.
interface Devstack {
  freePort(): Promise<number>;
  startRedis(o: { dataDir: string; port: number; persist: boolean; args: string[] }): Promise<{ url: string; stop(): Promise<void> }>;
}
const devstackModule: string = '@academy/devstack';

let dir: string;
let port: number;
let server: { stop(): Promise<void> } | undefined;
const clients: RedisClient[] = [];
const closers: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  const devstack = (await import(devstackModule)) as Devstack;
  dir = mkdtempSync(path.join(os.tmpdir(), 'redis-cluster-'));
  chmodSync(dir, 0o755);
  port = await devstack.freePort();
  // The cluster bus port is port + 10000 unless named: a free one of its own, not whatever holds that.
  const busPort = await devstack.freePort();
  server = await devstack.startRedis({ dataDir: dir, port, persist: false, args: ['--cluster-enabled', 'yes', '--cluster-port', String(busPort), '--cluster-announce-ip', '127.0.0.1', '--cluster-config-file', path.join(dir, 'nodes.conf')] });
  const admin = new Redis(port, '127.0.0.1');
  try {
    await admin.call('CLUSTER', 'ADDSLOTSRANGE', '0', '16383');
    await until(async () => String(await admin.call('CLUSTER', 'INFO')).includes('cluster_state:ok'), 'the one-node cluster to be ok', 20_000);
  } finally {
    admin.disconnect();
  }
});

afterAll(async () => {
  for (const c of closers) await c.close();
  for (const c of clients) c.disconnect();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const clusterConfig = (extra: Record<string, string> = {}) =>
  loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1/x', REDIS_CLUSTER_NODES: `127.0.0.1:${port}`, ...extra });

it('builds a Cluster from REDIS_CLUSTER_NODES, and BullMQ runs a job on it under the hash-tagged prefix', async () => {
  const config = clusterConfig({ QUEUE_PREFIX: `{${uniquePrefix('cluster')}}` });
  const producer = createRedis(config, 'cluster-test-producer');
  const consumer = createRedis(config, 'cluster-test-consumer');
  clients.push(producer, consumer);
  expect(producer).toBeInstanceOf(Cluster);

  const done: string[] = [];
  const queue = new Queue('cluster-check', { connection: producer, prefix: config.QUEUE_PREFIX });
  const worker = new Worker('cluster-check', async (job) => void done.push(String(job.data.word)), { connection: consumer, prefix: config.QUEUE_PREFIX });
  closers.push(worker, queue);
  await queue.add('say', { word: 'hello' });
  await until(() => done.length === 1, 'the job to be processed', 20_000);
  expect(done).toEqual(['hello']);
  expect(await producer.ping()).toBe('PONG');
});

it('is why the prefix needs its {hash tag}: without one the cluster refuses BullMQ\'s scripts', async () => {
  const plain = createRedis(clusterConfig(), 'cluster-test-plain');
  clients.push(plain);
  const queue = new Queue('cluster-check', { connection: plain, prefix: uniquePrefix('untagged') });
  closers.push(queue);
  await expect(queue.add('say', { word: 'lost' })).rejects.toThrow(/CROSSSLOT|same slot/);
  // …which is why the configuration refuses such a prefix with REDIS_CLUSTER_NODES.
  expect(() => clusterConfig({ QUEUE_PREFIX: 'academy' })).toThrow(/QUEUE_PREFIX must hold a \{hash tag\}/);
});

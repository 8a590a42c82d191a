import { randomBytes } from 'node:crypto';

export function testRedisUrl(): string {
  const url = process.env.TEST_REDIS_URL;
  if (!url) throw new Error('TEST_REDIS_URL is not set: run integration tests through jest (npm test), whose global setup starts Redis');
  return url;
}

/** A BullMQ/Redis key prefix that no other test file uses (BullMQ forbids ':' in it). */
export function uniquePrefix(label = 'test'): string {
  return `t-${label}-${randomBytes(4).toString('hex')}`;
}

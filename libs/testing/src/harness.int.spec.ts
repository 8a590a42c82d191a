import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Redis } from 'ioredis';
import { createTestDatabase, testRedisUrl, uniquePrefix } from './index.js';

@Injectable()
class Greeter {
  hello() {
    return 'hi';
  }
}
@Module({ providers: [Greeter] })
class M {}

describe('test harness', () => {
  it('gives each file its own real Postgres database', async () => {
    const db = await createTestDatabase('harness');
    try {
      const { rows } = await db.pool.query<{ db: string; v: string }>('select current_database() as db, current_setting(\'server_version_num\') as v');
      expect(rows[0].db).toMatch(/^t_harness_/);
      expect(Number(rows[0].v)).toBeGreaterThanOrEqual(150000);
    } finally {
      await db.drop();
    }
  });

  it('reaches a real Redis', async () => {
    const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
    const key = uniquePrefix('harness');
    await redis.set(key, 'v');
    expect(await redis.get(key)).toBe('v');
    await redis.quit();
  });

  it('runs Nest dependency injection under jest ESM', async () => {
    const app = await Test.createTestingModule({ imports: [M] }).compile();
    expect(app.get(Greeter).hello()).toBe('hi');
    await app.close();
  });
});

// TRUST_PROXY: what express's 'trust proxy' gets, and the values refused with one line.
import { ConfigError, DEFAULT_PROJECTION_BATCH_SIZE, loadConfig } from './config.js';

const base = { DATABASE_URL: 'postgres://u@127.0.0.1/x', REDIS_URL: 'redis://127.0.0.1:6379' };
const trustProxy = (TRUST_PROXY?: string) => loadConfig({ ...base, ...(TRUST_PROXY === undefined ? {} : { TRUST_PROXY }) }).TRUST_PROXY;

describe('TRUST_PROXY', () => {
  it('is false unless set: X-Forwarded-For is ignored', () => {
    expect(trustProxy()).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('')).toBe(false);
    expect(trustProxy('0')).toBe(false);
  });

  it('takes a hop count, or names and addresses of proxies', () => {
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('loopback')).toEqual(['loopback']);
    expect(trustProxy('loopback, 10.0.0.0/8,fd00::/8, 192.168.1.7')).toEqual(['loopback', '10.0.0.0/8', 'fd00::/8', '192.168.1.7']);
  });

  it.each(['true', 'yes', '10.0.0.0/33', '300.1.1.1', 'loopback,bogus'])('refuses %p with a line naming the variable', (value) => {
    expect(() => trustProxy(value)).toThrow(ConfigError);
    expect(() => trustProxy(value)).toThrow(/TRUST_PROXY/);
  });
});

describe('REDIS_CLUSTER_NODES and QUEUE_PREFIX', () => {
  const db = { DATABASE_URL: 'postgres://u@127.0.0.1/x' };

  it('parses seed nodes (host:port or redis:// URLs; the first one\'s credentials and TLS) and needs no REDIS_URL then', () => {
    const c = loadConfig({ ...db, REDIS_CLUSTER_NODES: 'rediss://app:s%40cret@10.0.0.1:7000, 10.0.0.2:7001,redis://[fd00::3]' });
    expect(c.REDIS_CLUSTER_NODES).toEqual({
      nodes: [{ host: '10.0.0.1', port: 7000 }, { host: '10.0.0.2', port: 7001 }, { host: 'fd00::3', port: 6379 }],
      username: 'app',
      password: 's@cret',
      tls: true,
    });
    expect(c.REDIS_URL).toBeUndefined();
  });

  it('defaults the prefix to academy, or to the hash-tagged {academy} on a cluster', () => {
    expect(loadConfig(base).QUEUE_PREFIX).toBe('academy');
    expect(loadConfig({ ...db, REDIS_CLUSTER_NODES: '10.0.0.1:7000' }).QUEUE_PREFIX).toBe('{academy}');
  });

  it('takes one {hash tag} in the prefix; on a cluster it demands one', () => {
    expect(loadConfig({ ...base, QUEUE_PREFIX: '{academy}' }).QUEUE_PREFIX).toBe('{academy}');
    expect(loadConfig({ ...base, QUEUE_PREFIX: 'prod-{academy}' }).QUEUE_PREFIX).toBe('prod-{academy}');
    expect(() => loadConfig({ ...db, REDIS_CLUSTER_NODES: '10.0.0.1:7000', QUEUE_PREFIX: 'academy' })).toThrow(/QUEUE_PREFIX must hold a \{hash tag\}/);
  });

  it.each(['a:b', '{a}{b}', '{}', 'a{b', ''])('refuses the prefix %p', (QUEUE_PREFIX) => {
    expect(() => loadConfig({ ...base, QUEUE_PREFIX })).toThrow(/QUEUE_PREFIX/);
  });

  it('refuses a missing Redis and bad nodes with a line naming the variable', () => {
    expect(() => loadConfig(db)).toThrow(/REDIS_URL is required/);
    expect(() => loadConfig({ ...db, REDIS_CLUSTER_NODES: 'http://10.0.0.1:7000' })).toThrow(/REDIS_CLUSTER_NODES has "http:\/\/10.0.0.1:7000"/);
    expect(() => loadConfig({ ...db, REDIS_CLUSTER_NODES: ' , ' })).toThrow(/REDIS_CLUSTER_NODES must name at least one node/);
  });
});

describe('ACADEMY_TIME_ZONE', () => {
  it('is Africa/Johannesburg unless set, and takes any IANA zone', () => {
    expect(loadConfig(base).ACADEMY_TIME_ZONE).toBe('Africa/Johannesburg');
    expect(loadConfig({ ...base, ACADEMY_TIME_ZONE: 'Africa/Harare' }).ACADEMY_TIME_ZONE).toBe('Africa/Harare');
  });

  it.each(['Mars/Olympus_Mons', 'SAST', ' '])('refuses %p with a line naming the variable', (value) => {
    expect(() => loadConfig({ ...base, ACADEMY_TIME_ZONE: value })).toThrow(/ACADEMY_TIME_ZONE/);
  });
});

describe('EVENTSTORE_URL', () => {
  const env = { DATABASE_URL: 'postgres://u:p@localhost:5432/academy', REDIS_URL: 'redis://localhost:6379' };

  it('is unset unless given (the log stays in PostgreSQL), and takes esdb:// and esdb+discover:// connection strings', () => {
    expect(loadConfig(env).EVENTSTORE_URL).toBeUndefined();
    expect(loadConfig({ ...env, EVENTSTORE_URL: '' }).EVENTSTORE_URL).toBeUndefined();
    expect(loadConfig({ ...env, EVENTSTORE_URL: 'esdb://kurrentdb:2113?tls=false' }).EVENTSTORE_URL).toBe('esdb://kurrentdb:2113?tls=false');
    expect(loadConfig({ ...env, EVENTSTORE_URL: 'esdb+discover://admin:changeit@cluster.example.org:2113' }).EVENTSTORE_URL).toMatch(/^esdb\+discover:/);
  });

  it('refuses anything else with a line naming the variable', () => {
    for (const bad of ['http://kurrentdb:2113', 'kurrentdb:2113', 'esdb://']) {
      expect(() => loadConfig({ ...env, EVENTSTORE_URL: bad })).toThrow(/EVENTSTORE_URL must be an esdb:\/\/ or esdb\+discover:\/\/ connection string/);
    }
  });
});

describe('CONSISTENCY_WAIT_MS', () => {
  it('defaults to 3 s, takes milliseconds, and refuses a bound too short to be kept or not a number', () => {
    expect(loadConfig(base).CONSISTENCY_WAIT_MS).toBe(3000);
    expect(loadConfig({ ...base, CONSISTENCY_WAIT_MS: '10000' }).CONSISTENCY_WAIT_MS).toBe(10_000);
    expect(() => loadConfig({ ...base, CONSISTENCY_WAIT_MS: '50' })).toThrow(/CONSISTENCY_WAIT_MS/);
    expect(() => loadConfig({ ...base, CONSISTENCY_WAIT_MS: 'soon' })).toThrow(/CONSISTENCY_WAIT_MS/);
  });
});

describe('PROJECTION_BATCH_SIZE', () => {
  it('is 2000 events per transaction unless set, and refuses what is not a count from 1 to 10,000', () => {
    expect(loadConfig(base).PROJECTION_BATCH_SIZE).toBe(DEFAULT_PROJECTION_BATCH_SIZE);
    expect(DEFAULT_PROJECTION_BATCH_SIZE).toBe(2000);
    expect(loadConfig({ ...base, PROJECTION_BATCH_SIZE: '500' }).PROJECTION_BATCH_SIZE).toBe(500);
    for (const bad of ['0', '10001', '1.5', 'many']) expect(() => loadConfig({ ...base, PROJECTION_BATCH_SIZE: bad })).toThrow(/PROJECTION_BATCH_SIZE/);
  });
});

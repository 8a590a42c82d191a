// TRUST_PROXY: what express's 'trust proxy' gets, and the values refused with one line.
import { ConfigError, loadConfig } from './config.js';

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

describe('ACADEMY_TIME_ZONE', () => {
  it('is Africa/Johannesburg unless set, and takes any IANA zone', () => {
    expect(loadConfig(base).ACADEMY_TIME_ZONE).toBe('Africa/Johannesburg');
    expect(loadConfig({ ...base, ACADEMY_TIME_ZONE: 'Africa/Harare' }).ACADEMY_TIME_ZONE).toBe('Africa/Harare');
  });

  it.each(['Mars/Olympus_Mons', 'SAST', ' '])('refuses %p with a line naming the variable', (value) => {
    expect(() => loadConfig({ ...base, ACADEMY_TIME_ZONE: value })).toThrow(/ACADEMY_TIME_ZONE/);
  });
});

// Which addresses an outgoing call may reach, and the configuration of outgoing calls: the allow-list
// (SUBMISSION_GIT_HOSTS) and the test-only routes that production refuses to start with.
import { ConfigError, loadConfig } from '../config.js';
import { isLoopback, refusedAddress } from './addresses.js';

const base = { DATABASE_URL: 'postgres://u@127.0.0.1/x', REDIS_URL: 'redis://127.0.0.1:6379' };

describe('refusedAddress', () => {
  it.each([
    ['10.1.2.3', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['127.0.0.53', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['100.127.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::ffff:10.0.0.1', 'IPv4-mapped'],
    ['::ffff:8.8.8.8', 'IPv4-mapped'],
    ['::127.0.0.1', 'IPv4-compatible'],
    ['64:ff9b::a00:1', 'IPv4-translated'],
    ['2002:a00:1::', 'IPv4-translated'],
    ['fd12:3456::1', 'unique local'],
    ['fe80::1%eth0', 'link-local'],
    ['ff02::1', 'multicast'],
    ['github.com', 'not an IP address'],
  ])('refuses %s (%s)', (address, kind) => {
    expect(refusedAddress(address)).toBe(kind);
  });

  it.each(['140.82.121.4', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:50c0:8000::153', '[2a00:1450:4001::200e]'])('allows the public address %s', (address) => {
    expect(refusedAddress(address)).toBeNull();
  });

  it('knows loopback, for the test routes', () => {
    expect(['127.0.0.1', '127.1.2.3', '::1', '[::1]'].every(isLoopback)).toBe(true);
    expect(['10.0.0.1', '::ffff:127.0.0.1', 'localhost'].some(isLoopback)).toBe(false);
  });
});

describe('SUBMISSION_GIT_HOSTS', () => {
  it('is github.com unless set; a list is normalised as URL.host writes hosts', () => {
    expect(loadConfig(base).SUBMISSION_GIT_HOSTS).toEqual(['github.com']);
    expect(loadConfig({ ...base, SUBMISSION_GIT_HOSTS: ' GitHub.com, gitlab.example.org:443,git.example.org:8443 ' }).SUBMISSION_GIT_HOSTS).toEqual(['github.com', 'gitlab.example.org', 'git.example.org:8443']);
  });

  it.each(['https://github.com', 'github.com/ada', 'exa mple.org'])('refuses %p with a line naming it', (value) => {
    expect(() => loadConfig({ ...base, SUBMISSION_GIT_HOSTS: value })).toThrow(/SUBMISSION_GIT_HOSTS/);
  });
});

describe('OUTGOING_TEST_HOSTS (test only)', () => {
  it('routes named hosts to loopback addresses', () => {
    const routes = loadConfig({ ...base, NODE_ENV: 'test', OUTGOING_TEST_HOSTS: 'github.com=127.0.0.1:4100, git.test:8443=[::1]:4101' }).OUTGOING_TEST_HOSTS;
    expect(Object.fromEntries(routes ?? [])).toEqual({ 'github.com': { address: '127.0.0.1', port: 4100 }, 'git.test:8443': { address: '::1', port: 4101 } });
  });

  it.each(['github.com=10.0.0.1:80', 'github.com=example.org:80', 'github.com', 'github.com=127.0.0.1'])('refuses %p: only loopback targets', (value) => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'test', OUTGOING_TEST_HOSTS: value })).toThrow(/OUTGOING_TEST_HOSTS/);
  });

  it('stops a production start', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', ACADEMY_MASTER_KEY: Buffer.alloc(32).toString('base64'), JWT_SECRET: 'x'.repeat(32), SMTP_URL: 'smtp://h:25', OUTGOING_TEST_HOSTS: 'github.com=127.0.0.1:4100' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', ACADEMY_MASTER_KEY: Buffer.alloc(32).toString('base64'), JWT_SECRET: 'x'.repeat(32), SMTP_URL: 'smtp://h:25', OUTGOING_TEST_HOSTS: 'github.com=127.0.0.1:4100' })).toThrow(/OUTGOING_TEST_HOSTS is a test-only setting/);
    expect(loadConfig({ ...base, NODE_ENV: 'production', ACADEMY_MASTER_KEY: Buffer.alloc(32).toString('base64'), JWT_SECRET: 'x'.repeat(32), SMTP_URL: 'smtp://h:25' }).OUTGOING_TEST_HOSTS).toBeUndefined();
  });
});

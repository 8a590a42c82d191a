// docker-compose.yml rendered the way `docker compose config` renders it, without Docker (CI has no
// engine): YAML with merge keys, `${VAR}` interpolation with compose's operators, profiles, and each
// service's environment as its container gets it (the image's ENV under the service's environment).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

export type Env = Record<string, string | undefined>;

export interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile?: string };
  command?: string[] | string;
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: Record<string, { condition?: string; required?: boolean }> | string[];
  deploy?: { replicas?: number };
  profiles?: string[];
  ports?: string[];
  volumes?: string[];
  healthcheck?: { test: string[] | string };
  restart?: string;
}

export interface ComposeProject {
  name: string;
  services: Record<string, ComposeService>;
}

/** compose's error for `${VAR:?message}` / `${VAR?message}` when the variable is missing. */
export class MissingVariableError extends Error {
  override readonly name = 'MissingVariableError';
}

const NAME = '[A-Za-z_][A-Za-z0-9_]*';

/**
 * compose's interpolation of one string: `$$` is a literal `$`; `$VAR` and `${VAR}`; `${VAR:-default}`
 * (unset or empty), `${VAR-default}` (unset), `${VAR:?message}` / `${VAR?message}` (fail),
 * `${VAR:+other}` / `${VAR+other}` (replacement when set); defaults may nest `${…}`.
 */
export function interpolate(text: string, env: Env): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c !== '$') {
      out += c;
      i++;
      continue;
    }
    const next = text[i + 1];
    if (next === '$') {
      out += '$';
      i += 2;
    } else if (next === '{') {
      // Find the matching brace (defaults may hold ${…} of their own).
      let depth = 1;
      let j = i + 2;
      for (; j < text.length && depth > 0; j++) {
        if (text[j] === '{') depth++;
        else if (text[j] === '}') depth--;
      }
      if (depth !== 0) throw new Error(`invalid interpolation format for ${JSON.stringify(text)}`);
      out += expand(text.slice(i + 2, j - 1), env);
      i = j;
    } else {
      const m = new RegExp(`^${NAME}`).exec(text.slice(i + 1));
      if (!m) {
        out += '$';
        i++;
        continue;
      }
      out += env[m[0]] ?? '';
      i += 1 + m[0].length;
    }
  }
  return out;
}

function expand(inner: string, env: Env): string {
  const m = new RegExp(`^(${NAME})(?:(:?)([-?+])([\\s\\S]*))?$`).exec(inner);
  if (!m) throw new Error(`invalid interpolation format for \${${inner}}`);
  const [, name, colon, op, arg = ''] = m;
  const value = env[name!];
  const missing = colon ? value === undefined || value === '' : value === undefined;
  switch (op) {
    case undefined:
      return value ?? '';
    case '-':
      return missing ? interpolate(arg, env) : value!;
    case '+':
      return missing ? '' : interpolate(arg, env);
    default:
      if (missing) throw new MissingVariableError(`required variable ${name} is missing a value: ${interpolate(arg, env)}`);
      return value!;
  }
}

function interpolateTree(node: unknown, env: Env): unknown {
  if (typeof node === 'string') return interpolate(node, env);
  if (Array.isArray(node)) return node.map((n) => interpolateTree(n, env));
  if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, interpolateTree(v, env)]));
  return node;
}

/**
 * The project as `docker compose [--profile …] config` sees it with `env` as the shell's environment:
 * services of inactive profiles dropped, x- extension fields dropped.
 */
export function renderCompose(file: string, env: Env, profiles: string[] = []): ComposeProject {
  const raw = parse(readFileSync(file, 'utf8'), { merge: true }) as { name: string; services: Record<string, ComposeService> };
  const rendered = interpolateTree(Object.fromEntries(Object.entries(raw).filter(([k]) => !k.startsWith('x-'))), env) as typeof raw;
  const services = Object.fromEntries(Object.entries(rendered.services).filter(([, s]) => !s.profiles || s.profiles.some((p) => profiles.includes(p))));
  return { name: rendered.name, services };
}

/** The ENV of a Dockerfile's final stage (`ENV A=1 B=2` and `ENV A 1`). */
export function dockerfileEnv(dockerfile: string): Record<string, string> {
  const lines = readFileSync(dockerfile, 'utf8').replace(/\\\n/g, ' ').split('\n');
  const last = lines.map((l, n) => (/^\s*FROM\s/i.test(l) ? n : -1)).filter((n) => n >= 0).pop() ?? 0;
  const env: Record<string, string> = {};
  for (const line of lines.slice(last)) {
    const m = /^\s*ENV\s+(.*)$/i.exec(line);
    if (!m) continue;
    const body = m[1]!.trim();
    if (!body.includes('=')) {
      const [k, ...v] = body.split(/\s+/);
      env[k!] = v.join(' ');
      continue;
    }
    for (const pair of body.match(/[A-Za-z_][A-Za-z0-9_]*=("[^"]*"|\S*)/g) ?? []) {
      const eq = pair.indexOf('=');
      env[pair.slice(0, eq)] = pair.slice(eq + 1).replace(/^"(.*)"$/, '$1');
    }
  }
  return env;
}

/**
 * What a service's process finds in its environment: its image's ENV (when compose builds it from
 * one of our Dockerfiles) overlaid by `environment:`, where a key without a value passes the
 * shell's variable through only when it is set.
 */
export function serviceEnvironment(root: string, service: ComposeService, shell: Env): Record<string, string> {
  const env: Record<string, string> = service.build ? dockerfileEnv(path.join(root, service.build.context, service.build.dockerfile ?? 'Dockerfile')) : {};
  const entries: [string, string | null][] = Array.isArray(service.environment)
    ? service.environment.map((e) => (e.includes('=') ? [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)] : [e, null]))
    : Object.entries(service.environment ?? {}).map(([k, v]) => [k, v === null ? null : String(v)]);
  for (const [k, v] of entries) {
    if (v !== null) env[k] = v;
    else if (shell[k] !== undefined) env[k] = shell[k]!;
  }
  return env;
}

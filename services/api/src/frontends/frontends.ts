import express, { type Express, type Request, type RequestHandler, type Response, type NextFunction } from 'express';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FederationManifest } from '@academy/contracts';

/** The shell app's folder and every remote's (frontends/dashboard-*), as built into dist/. */
export interface FrontendLayout {
  shellDist: string | null;
  remotes: { dir: string; name: string; dist: string }[];
}

export function findFrontends(frontendsDir: string): FrontendLayout {
  const shellDist = path.join(frontendsDir, 'shell', 'dist');
  const remotes = existsSync(frontendsDir)
    ? readdirSync(frontendsDir, { withFileTypes: true })
        .filter((d) => d.isDirectory() && d.name.startsWith('dashboard-'))
        .map((d) => ({ dir: d.name, name: d.name.replace(/-/g, '_'), dist: path.join(frontendsDir, d.name, 'dist') }))
        .filter((r) => existsSync(r.dist))
    : [];
  return { shellDist: existsSync(path.join(shellDist, 'index.html')) ? shellDist : null, remotes };
}

/**
 * What the shell loads at run time. A deployment that serves a remote elsewhere (a CDN, a newer
 * build) overrides its entry with ACADEMY_REMOTE_<NAME>=<url>, without rebuilding the shell.
 */
export function federationManifest(layout: FrontendLayout, env: NodeJS.ProcessEnv, academyTimeZone: string): FederationManifest {
  return {
    academyTimeZone,
    remotes: layout.remotes.map((r) => {
      const override = env[`ACADEMY_REMOTE_${r.name.toUpperCase()}`];
      const file = existsSync(path.join(r.dist, 'mf-manifest.json')) ? 'mf-manifest.json' : 'remoteEntry.js';
      return { name: r.name, entry: override || `/remotes/${r.dir}/${file}` };
    }),
  };
}

/** The origins of remotes served elsewhere (absolute ACADEMY_REMOTE_<NAME> URLs): the page's CSP allows them. */
export function remoteOrigins(manifest: FederationManifest): string[] {
  const origins = new Set<string>();
  for (const r of manifest.remotes) {
    if (!/^https?:\/\//i.test(r.entry)) continue;
    try {
      origins.add(new URL(r.entry).origin);
    } catch {
      /* not a URL: the shell shows the remote's error panel */
    }
  }
  return [...origins];
}

// Hashed bundles never change under their name; entry points and manifests must be re-read so that a
// redeployed remote is picked up by the next page load.
function cacheHeaders(res: Response, file: string): void {
  const base = path.basename(file);
  if (base.endsWith('.html') || base === 'mf-manifest.json' || base === 'remoteEntry.js' || base.endsWith('.json')) {
    res.setHeader('Cache-Control', 'no-cache');
  } else if (/\.[0-9a-f]{8,}\./.test(base)) {
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  }
}

const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json']);

/**
 * The text files of a built app, compressed (brotli, else gzip, as the browser accepts), each
 * compressed once and kept in memory while its file is unchanged. Without it a visitor downloads the
 * JavaScript about 3.5× larger (docs/benchmarks.md, landing); a CDN or proxy in front may do the same.
 * Anything it does not handle (other files, no encoding accepted, no such file) goes to express.static.
 */
function compressedFiles(dir: string, fileOf: (req: Request) => string = (req) => req.path): RequestHandler {
  const root = path.resolve(dir);
  const cache = new Map<string, { mtimeMs: number; size: number; br?: Buffer; gzip?: Buffer }>();
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const wanted = fileOf(req);
    const ext = path.extname(wanted);
    if (!COMPRESSIBLE.has(ext)) return next();
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    if (!encoding) return next();
    let file: string;
    try {
      file = path.join(root, path.normalize(decodeURIComponent(wanted)));
    } catch {
      return next();
    }
    if (!file.startsWith(root + path.sep)) return next();
    let stat;
    try {
      stat = statSync(file);
    } catch {
      return next();
    }
    if (!stat.isFile()) return next();
    let entry = cache.get(file);
    if (!entry || entry.mtimeMs !== stat.mtimeMs || entry.size !== stat.size) {
      entry = { mtimeMs: stat.mtimeMs, size: stat.size };
      cache.set(file, entry);
    }
    // A validator per file version and encoding: the entry points are `no-cache` (re-checked every page
    // load, so a redeployed remote is picked up), and without one each check re-downloaded them whole.
    const tag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}-${encoding}"`;
    res.setHeader('ETag', tag);
    res.setHeader('Vary', 'Accept-Encoding');
    cacheHeaders(res, file);
    if (matches(req.headers['if-none-match'], tag)) {
      res.status(304).end();
      return;
    }
    const raw = () => readFileSync(file);
    const body = encoding === 'br' ? (entry.br ??= brotliCompressSync(raw(), { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } })) : (entry.gzip ??= gzipSync(raw(), { level: 9 }));
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.type(ext);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}

/**
 * If-None-Match (RFC 9110 §13.1.2): a weak comparison, any of the listed tags, or `*`. Not express's
 * `req.fresh`: it answers 200 to any request carrying `Cache-Control: no-cache`, which fetch() adds when
 * its caller sets If-None-Match itself (a client revalidating by hand); a validator that matches is
 * enough for a 304 (RFC 9111 §5.2.1.4 asks only that the origin be consulted, as it is here).
 */
function matches(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => t.trim() === '*' || opaque(t) === opaque(tag));
}

/** Serves the shell at / (SPA fallback for every non-/api path without a file) and the remotes. */
export function mountFrontends(app: Express, layout: FrontendLayout): void {
  for (const r of layout.remotes) {
    app.use(`/remotes/${r.dir}`, compressedFiles(r.dist), express.static(r.dist, { index: false, fallthrough: false, setHeaders: cacheHeaders }));
  }
  if (!layout.shellDist) return;
  const shell = layout.shellDist;
  const hasLanding = existsSync(path.join(shell, 'landing.html'));
  const landing = compressedFiles(shell, () => '/landing.html');
  app.use(compressedFiles(shell), express.static(shell, { index: false, setHeaders: cacheHeaders }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path === '/api' || req.path.startsWith('/api/') || req.path.startsWith('/remotes/')) return next();
    // A missing asset is a 404, not the app: only extension-less paths are client routes.
    if (path.extname(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    // `/` is the landing page, prerendered at build time (its markup in the HTML, so compressed like
    // the scripts); every other path gets index.html with the splash.
    if (req.path === '/' && hasLanding) return landing(req, res, () => res.sendFile(path.join(shell, 'landing.html')));
    res.sendFile(path.join(shell, 'index.html'));
  });
}

import express, { type Express, type Request, type Response, type NextFunction } from 'express';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
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
export function federationManifest(layout: FrontendLayout, env: NodeJS.ProcessEnv): FederationManifest {
  return {
    remotes: layout.remotes.map((r) => {
      const override = env[`ACADEMY_REMOTE_${r.name.toUpperCase()}`];
      const file = existsSync(path.join(r.dist, 'mf-manifest.json')) ? 'mf-manifest.json' : 'remoteEntry.js';
      return { name: r.name, entry: override || `/remotes/${r.dir}/${file}` };
    }),
  };
}

// Hashed bundles never change under their name; entry points and manifests must be re-read so that a
// redeployed remote is picked up by the next page load.
function cacheHeaders(res: Response, file: string): void {
  const base = path.basename(file);
  if (base === 'index.html' || base === 'mf-manifest.json' || base === 'remoteEntry.js' || base.endsWith('.json')) {
    res.setHeader('Cache-Control', 'no-cache');
  } else if (/\.[0-9a-f]{8,}\./.test(base)) {
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  }
}

/** Serves the shell at / (SPA fallback for every non-/api path without a file) and the remotes. */
export function mountFrontends(app: Express, layout: FrontendLayout): void {
  for (const r of layout.remotes) {
    app.use(`/remotes/${r.dir}`, express.static(r.dist, { index: false, fallthrough: false, setHeaders: cacheHeaders }));
  }
  if (!layout.shellDist) return;
  const shell = layout.shellDist;
  app.use(express.static(shell, { index: false, setHeaders: cacheHeaders }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path === '/api' || req.path.startsWith('/api/') || req.path.startsWith('/remotes/')) return next();
    // A missing asset is a 404, not the app: only extension-less paths are client routes.
    if (path.extname(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(path.join(shell, 'index.html'));
  });
}

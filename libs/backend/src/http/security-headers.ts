import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '../config.js';

export interface SecurityHeadersOptions {
  /**
   * Origins besides the page's own that its scripts may come from and it may fetch: the Module
   * Federation remotes that ACADEMY_REMOTE_<NAME> serves elsewhere (a CDN).
   */
  remoteOrigins?: readonly string[];
}

/**
 * Helmet's headers on every answer, API and page alike (one origin serves both). The CSP is the
 * page's: scripts only from this origin and the remotes' origins (no inline script, no eval);
 * styles also inline, because Radix (react-remove-scroll) and sonner insert <style> elements at run
 * time; images and fonts also as data: URLs. No framing anywhere (frame-ancestors 'none' and
 * X-Frame-Options DENY), no referrer (verification links carry tokens in their URL), nosniff.
 * HSTS and upgrade-insecure-requests only when PUBLIC_URL is https: a plain-http deployment would
 * otherwise lock browsers out of it.
 */
export function securityHeaders(config: AppConfig, options: SecurityHeadersOptions = {}): RequestHandler {
  const https = (config.PUBLIC_URL ?? '').startsWith('https:');
  const remotes = [...new Set(options.remoteOrigins ?? [])];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'script-src': ["'self'", ...remotes],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'", ...remotes],
        'img-src': ["'self'", 'data:', ...remotes],
        'font-src': ["'self'", 'data:', ...remotes],
        'connect-src': ["'self'", ...remotes],
        'object-src': ["'none'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false } : false,
    xFrameOptions: { action: 'deny' },
  });
}

/**
 * `Cache-Control: no-store` on every /api answer unless its handler says otherwise (the public
 * catalogue, course images): answers carry access tokens (sign-in, refresh, sign-up, setup) and
 * personal data, which no browser cache or shared proxy may keep.
 */
export function noStoreApi(req: Request, res: Response, next: NextFunction): void {
  if (req.path === '/api' || req.path.startsWith('/api/')) res.setHeader('Cache-Control', 'no-store');
  next();
}

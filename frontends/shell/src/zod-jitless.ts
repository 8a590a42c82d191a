import { config } from 'zod';

// The page's CSP allows no eval. Zod would otherwise probe `new Function` once to decide whether it
// may compile fast parsers; the probe is caught, but the browser still reports it as a CSP violation.
// Zod keeps this setting on globalThis, so the remotes' own copies of zod, loaded later, follow it.
// First import of bootstrap.tsx: it must run before any module builds a schema.
config({ jitless: true });

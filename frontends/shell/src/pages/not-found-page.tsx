import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { buttonVariants } from '@academy/ui';

const REPORT_URL = '/api/client-events/not-found';
const MAX = 2048; // the API's limit (notFoundReportSchema)

/** Spec §2: "the 404 is also logged". Fire and forget: the page never waits for it. */
function reportNotFound(path: string): void {
  const body = JSON.stringify({ path: path.slice(0, MAX), referrer: document.referrer.slice(0, MAX) });
  // sendBeacon still delivers when the user leaves at once; it sends text/plain, which the API accepts.
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(REPORT_URL, body)) return;
  fetch(REPORT_URL, { method: 'POST', headers: { 'content-type': 'application/json' }, body, keepalive: true }).catch(() => {});
}

export function NotFoundPage() {
  const { pathname, search } = useLocation();
  const path = pathname + search;
  // Once per path: StrictMode runs effects twice in development, and the page stays mounted when
  // the user goes from one unknown path to another.
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (reported.current === path) return;
    reported.current = path;
    reportNotFound(path);
  }, [path]);

  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
      <Link to="/" className={buttonVariants({ variant: 'link' })}>
        Return to Home
      </Link>
    </main>
  );
}

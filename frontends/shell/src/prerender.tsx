// Built for Node at build time (rspack.config.mjs): the landing page rendered to HTML, so `/` has its
// content in the first response (issue 18 §3) and the browser hydrates it instead of drawing it.
// The catalogue is fetched after hydration, as without prerendering: its first state is the same.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { LandingPage } from './pages/landing/landing-page';

export function renderLanding(): string {
  return renderToString(
    <StrictMode>
      <LandingPage standalone />
    </StrictMode>,
  );
}

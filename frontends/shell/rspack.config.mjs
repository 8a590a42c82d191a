import { buildForNode, createConfig } from '../rspack.shared.mjs';

// The landing page is rendered at build time (issue 18 §3): dist/landing.html carries its markup and
// is what `/` serves; every other path gets dist/index.html with the splash.
const { renderLanding } = await buildForNode({ dir: import.meta.dirname, entry: './src/prerender.tsx' });

export default createConfig({ dir: import.meta.dirname, name: 'shell', publicPath: '/', html: true, prerendered: renderLanding() });

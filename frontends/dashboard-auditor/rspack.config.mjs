import { createConfig } from '../rspack.shared.mjs';

export default createConfig({
  dir: import.meta.dirname,
  name: 'dashboard_auditor',
  // Resolved from where remoteEntry.js / mf-manifest.json was loaded (/remotes/dashboard-auditor/).
  publicPath: 'auto',
  exposes: { './Module': './src/module.tsx' },
});

import { createConfig } from '../rspack.shared.mjs';

export default createConfig({
  dir: import.meta.dirname,
  name: 'dashboard_student',
  // Resolved from where remoteEntry.js / mf-manifest.json was loaded (/remotes/dashboard-student/).
  publicPath: 'auto',
  exposes: { './Module': './src/module.tsx' },
});

import { createConfig } from '../rspack.shared.mjs';

export default createConfig({
  dir: import.meta.dirname,
  name: 'dashboard_student_admin',
  // Resolved from where remoteEntry.js / mf-manifest.json was loaded (/remotes/dashboard-student-admin/).
  publicPath: 'auto',
  exposes: { './Module': './src/module.tsx' },
});

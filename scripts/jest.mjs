// `npm run test:<kind> -- [jest args]`: runs one jest project (unit | int | e2e) with the caller's
// arguments (paths, -t, --watch…). The project is selected last, so a path is never read as a project name.
import { run } from 'jest';

const [kind, ...args] = process.argv.slice(2);
await run([...args, '--selectProjects', kind]);

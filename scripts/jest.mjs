// `npm run test:<kind> -- [jest args]`: runs one jest project (unit | int | e2e) with the caller's
// arguments (paths, -t, --watch…). The project is selected last, so a path is never read as a project name.
import { run } from 'jest';

const [kind, ...args] = process.argv.slice(2);
if (kind === 'int' && !process.env.EVENTSTORE_URL) process.stdout.write('KurrentDB contract suite not run: EVENTSTORE_URL is not set (no KurrentDB server here; see docs/adr/0032)\n');
await run([...args, '--selectProjects', kind]);

// jest's node environment, plus: when a test or a hook fails, print the tail of what every service
// the test file spawned has printed (registered by spawnService through service-output.ts), once per
// failure. Services log at warn in tests, so this is their errors and warnings, not start-up noise.
import { TestEnvironment } from 'jest-environment-node';

const KEY = '__academyServiceOutputs';
const TAIL_CHARS = 6_000;

export default class AcademyEnvironment extends TestEnvironment {
  async handleTestEvent(event) {
    if (event.name !== 'test_fn_failure' && event.name !== 'hook_failure') return;
    const services = this.global[KEY] ?? [];
    if (!services.length) return;
    const what = event.name === 'test_fn_failure' ? `test "${event.test.name}"` : `hook ${event.hook.type}`;
    const parts = services.map((s) => {
      const out = s.output();
      const exit = s.exit();
      const tail = out.length > TAIL_CHARS ? `…${out.slice(-TAIL_CHARS)}` : out;
      return `--- ${s.name}${exit === null ? '' : ` (exited: ${exit})`}\n${tail.trim() || '(printed nothing)'}`;
    });
    process.stderr.write(`\n[academy] ${what} failed; what its services printed:\n${parts.join('\n')}\n\n`);
  }
}

import { startHarness } from '../modules-harness.js';
it('starts', async () => { const h = await startHarness('tmpx'); await h.account('student'); await h.stop(); }, 60_000);

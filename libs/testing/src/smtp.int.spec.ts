import nodemailer from 'nodemailer';
import { startSmtpCatcher, type TestSmtpCatcher } from './smtp.js';

let catcher: TestSmtpCatcher;
beforeEach(async () => {
  catcher = await startSmtpCatcher();
});
afterEach(() => catcher.stop());

const send = async (subject: string) => {
  const t = nodemailer.createTransport(catcher.url);
  try {
    await t.sendMail({ from: 'a@example.org', to: 'b@example.org', subject, text: subject });
  } finally {
    t.close();
  }
};

describe('startSmtpCatcher (test helper)', () => {
  it('waitFor resolves with a mail that arrives later, or one already caught', async () => {
    const later = catcher.waitFor((m) => m.subject === 'later', 5_000);
    await send('before');
    await send('later');
    expect((await later).to).toEqual(['b@example.org']);
    expect((await catcher.waitFor((m) => m.subject === 'before', 100)).subject).toBe('before');
    expect(catcher.messages().map((m) => m.subject)).toEqual(['later', 'before']);
    const inbox = (await (await fetch(`${catcher.inboxUrl}/messages`)).json()) as { subject: string }[];
    expect(inbox.map((m) => m.subject)).toEqual(['later', 'before']);
  });

  it('waitFor rejects after its timeout, naming what it did catch', async () => {
    await send('something else');
    await expect(catcher.waitFor((m) => m.subject === 'never', 200)).rejects.toThrow(/no matching mail within 200 ms; caught 1: b@example.org: something else/);
  });
});

// The catcher npm start runs: real SMTP in (nodemailer over TCP), the web inbox out (HTML and JSON).
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { startSmtpCatcher, type CaughtMail, type SmtpCatcher } from './index.mjs';

let catcher: SmtpCatcher;
beforeEach(async () => {
  catcher = await startSmtpCatcher();
});
afterEach(() => catcher.stop());

async function send(mail: SendMailOptions): Promise<void> {
  // A user and password as a real SMTP_URL would carry: the catcher accepts any.
  const u = new URL(catcher.smtpUrl);
  u.username = 'someone';
  u.password = 'secret';
  const transport = nodemailer.createTransport(u.toString());
  try {
    await transport.sendMail({ from: 'Academy <no-reply@academy.local>', ...mail });
  } finally {
    transport.close();
  }
}

describe('SMTP catcher', () => {
  it('keeps what it receives and lists it in the web inbox, newest first, with a detail view of the text', async () => {
    await send({ to: 'first@example.org', subject: 'First <mail>', text: 'one' });
    await send({ to: ['second@example.org', 'Third <third@example.org>'], bcc: 'hidden@example.org', subject: 'Second', text: 'Line 1\nLine <2>', html: '<p>two</p>' });

    const json = (await (await fetch(`${catcher.inboxUrl}/messages`)).json()) as CaughtMail[];
    expect(json.map((m) => m.subject)).toEqual(['Second', 'First <mail>']);
    expect(json[0].to).toEqual(['second@example.org', 'third@example.org', 'hidden@example.org']);
    expect(json[0].text.trim()).toBe('Line 1\nLine <2>');
    expect(json[0].html).toContain('<p>two</p>');
    expect(json[0].from).toContain('no-reply@academy.local');
    expect(catcher.messages()).toEqual(json);

    const list = await fetch(`${catcher.inboxUrl}/`);
    expect(list.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await list.text();
    // Newest first, escaped, with recipients and a date.
    expect(html.indexOf('Second')).toBeGreaterThan(-1);
    expect(html.indexOf('Second')).toBeLessThan(html.indexOf('First &lt;mail&gt;'));
    expect(html).not.toContain('First <mail>');
    expect(html).toContain('first@example.org');
    expect(html).toContain(`<time datetime="${json[0].receivedAt}">`);
    expect(html).toContain(`/view/${json[0].id}`);

    const detail = await (await fetch(`${catcher.inboxUrl}/view/${json[0].id}`)).text();
    expect(detail).toContain('Line 1\nLine &lt;2&gt;');
    expect(detail).toContain('second@example.org, third@example.org');
    expect(detail).not.toContain('<p>two</p>'); // HTML bodies are shown as source, never rendered

    const one = (await (await fetch(`${catcher.inboxUrl}/messages/${json[1].id}`)).json()) as CaughtMail;
    expect(one.subject).toBe('First <mail>');
    expect((await fetch(`${catcher.inboxUrl}/view/nope`)).status).toBe(404);

    expect((await fetch(`${catcher.inboxUrl}/messages`, { method: 'DELETE' })).status).toBe(200);
    expect(catcher.messages()).toEqual([]);
    expect(await (await fetch(`${catcher.inboxUrl}/`)).text()).toContain('No mail yet.');
  });

  it('stops: the SMTP port refuses connections afterwards, and a new catcher can take the same port', async () => {
    const port = catcher.smtpPort;
    await catcher.stop();
    await expect(send({ to: 'x@example.org', subject: 'lost', text: 'x' })).rejects.toThrow(/ECONNREFUSED/);
    catcher = await startSmtpCatcher({ smtpPort: port });
    await send({ to: 'x@example.org', subject: 'back', text: 'x' });
    expect(catcher.messages().map((m) => m.subject)).toEqual(['back']);
  });
});

// The text rule in the browser (issue 13): the landing page's Quick Contact parses with the same
// zod schema as the API, so a name with a control character (pasted from a terminal, say) is shown
// inline with the shared message, nothing is sent, and what the visitor typed stays in the form.
import { UNSTORABLE_TEXT_MESSAGE } from '@academy/contracts';
import { type BrowserSession, launchBrowser, type RunningApi, startApi, type TrackedPage, waitForToast } from '@academy/testing';

describe('Quick Contact refuses characters that cannot be stored, inline', () => {
  let api: RunningApi;
  let browser: BrowserSession;
  let tracked: TrackedPage;

  beforeAll(async () => {
    [api, browser] = await Promise.all([startApi(), launchBrowser()]);
    tracked = await browser.newPage();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  });

  it('shows the message under Name, sends nothing, keeps the text, and sends once it is fixed', async () => {
    const { page } = tracked;
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/public/quick-contacts')) posts.push(r.url());
    });
    await page.goto(`${api.url}/`);
    await page.getByRole('button', { name: 'Quick Contact' }).click();
    const quick = page.getByRole('dialog', { name: 'Quick Contact' });
    await quick.getByLabel('Name').fill('Sizwe\u0007 Dube');
    await quick.getByLabel('Email').fill('sizwe@example.org');
    await quick.getByLabel('Message').fill('Line one\nline two');
    await quick.getByRole('button', { name: 'Send Message' }).click();

    await quick.getByText(UNSTORABLE_TEXT_MESSAGE).waitFor();
    expect(await quick.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    expect(await quick.getByLabel('Name').inputValue()).toBe('Sizwe\u0007 Dube');
    expect(await quick.getByLabel('Email').inputValue()).toBe('sizwe@example.org');
    expect(await quick.getByLabel('Message').inputValue()).toBe('Line one\nline two');
    expect(posts).toEqual([]);

    await quick.getByLabel('Name').fill('Sizwe Dube');
    await quick.getByRole('button', { name: 'Send Message' }).click();
    await waitForToast(page, 'Message sent!');
    expect(posts).toHaveLength(1);
    expect(tracked.pageErrors).toEqual([]);
  }, 60_000);
});

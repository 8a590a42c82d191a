import { startSmtpCatcher as startCatcher, type CaughtMail } from '@academy/devstack';

export type { CaughtMail };

export interface TestSmtpCatcher {
  /** SMTP_URL for the code under test (real SMTP over TCP). */
  url: string;
  /** The web inbox (HTML at /, JSON at /messages), for browser tests. */
  inboxUrl: string;
  port: number;
  /** Newest first. */
  messages(): CaughtMail[];
  /** The first message (received before or after the call) matching `predicate`; rejects after `timeoutMs`. */
  waitFor(predicate: (m: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  stop(): Promise<void>;
}

/**
 * The same catcher `npm start` runs, on free ports (or `port`, to bring a stopped one back on the
 * URL a service already uses).
 */
export async function startSmtpCatcher(options: { port?: number; keep?: number } = {}): Promise<TestSmtpCatcher> {
  // keep: how many messages it holds (the newest; 500 by default, as `npm start`'s).
  const catcher = await startCatcher({ smtpPort: options.port ?? 0, keep: options.keep });
  return {
    url: catcher.smtpUrl,
    inboxUrl: catcher.inboxUrl,
    port: catcher.smtpPort,
    messages: () => catcher.messages(),
    waitFor(predicate, timeoutMs = 10_000) {
      return new Promise<CaughtMail>((resolve, reject) => {
        // Subscribe before looking at what is there, so a message arriving in between is not missed.
        const off = catcher.onMessage((m) => {
          if (!predicate(m)) return;
          clearTimeout(timer);
          off();
          resolve(m);
        });
        const timer = setTimeout(() => {
          off();
          const seen = catcher.messages().map((m) => `${m.to.join(',')}: ${m.subject}`);
          reject(new Error(`no matching mail within ${timeoutMs} ms; caught ${seen.length}: ${seen.join(' | ') || 'none'}`));
        }, timeoutMs);
        const already = catcher.messages().find(predicate);
        if (already) {
          clearTimeout(timer);
          off();
          resolve(already);
        }
      });
    },
    stop: () => catcher.stop(),
  };
}

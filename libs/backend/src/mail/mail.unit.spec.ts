import { configSchema, loadConfig } from '../config.js';
import { headerText, MAIL_JOB_OPTIONS, MAIL_QUEUE, mailbox, mailRoutes, withMailRoutes } from './mail.js';

const base = { DATABASE_URL: 'postgres://u:p@localhost/db', REDIS_URL: 'redis://localhost:6379' };
const prodKey = Buffer.alloc(32, 1).toString('base64');

describe('mail configuration', () => {
  it('defaults MAIL_FROM, leaves SMTP_URL optional outside production and parses ADMISSIONS_EXTRA_EMAILS to a list', () => {
    const c = loadConfig({ ...base, ADMISSIONS_EXTRA_EMAILS: ' head@academy.co.za, ops@academy.co.zw ,' });
    expect(c.MAIL_FROM).toBe('Academy <no-reply@academy.local>');
    expect(c.SMTP_URL).toBeUndefined();
    expect(c.ADMISSIONS_EXTRA_EMAILS).toEqual(['head@academy.co.za', 'ops@academy.co.zw']);
    expect(loadConfig({ ...base, SMTP_URL: 'smtps://u:p@smtp.example.org:465' }).SMTP_URL).toBe('smtps://u:p@smtp.example.org:465');
  });

  it('refuses bad values with one line naming the variable', () => {
    expect(() => loadConfig({ ...base, SMTP_URL: 'mail.example.org:25' })).toThrow(
      /^academy: invalid configuration: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL \(smtp:\/\/user:pass@host:587\)$/,
    );
    expect(() => loadConfig({ ...base, ADMISSIONS_EXTRA_EMAILS: 'head@academy.co.za, not-an-address' })).toThrow(
      /^academy: invalid configuration: ADMISSIONS_EXTRA_EMAILS must be a comma-separated list of email addresses$/,
    );
  });

  it('requires SMTP_URL in production', () => {
    // Other variables production requires are not this test's business: only SMTP_URL's issue is checked.
    const issues = (env: Record<string, string>) => {
      const r = configSchema.safeParse(env);
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')} ${i.message}`);
    };
    const prod = { ...base, NODE_ENV: 'production', ACADEMY_MASTER_KEY: prodKey };
    expect(issues(prod)).toContain('SMTP_URL is required in production (smtp://user:pass@host:587)');
    expect(issues({ ...prod, SMTP_URL: 'smtp://smtp.example.org:587' }).filter((i) => i.startsWith('SMTP_URL'))).toEqual([]);
  });
});

describe('mail routes', () => {
  const template = () => null;

  it('routes every templated event type to the mail queue with retrying options', () => {
    expect(mailRoutes({ UserInvited: template })).toEqual({ UserInvited: { queue: MAIL_QUEUE, opts: MAIL_JOB_OPTIONS } });
    expect(MAIL_JOB_OPTIONS.attempts).toBeGreaterThan(1);
  });

  it('adds to existing routes without a second mail route for an event already routed there', () => {
    const merged = withMailRoutes(
      { UserInvited: { queue: 'in-app' }, SubmissionGraded: { queue: MAIL_QUEUE, jobName: 'graded' } },
      { UserInvited: template, SubmissionGraded: template, QuickContactReceived: template },
    );
    expect(merged).toEqual({
      UserInvited: [{ queue: 'in-app' }, { queue: MAIL_QUEUE, opts: MAIL_JOB_OPTIONS }],
      SubmissionGraded: { queue: MAIL_QUEUE, jobName: 'graded' },
      QuickContactReceived: { queue: MAIL_QUEUE, opts: MAIL_JOB_OPTIONS },
    });
  });
});

describe('addresses in mail headers (every context writes them with mailbox)', () => {
  it('strips what would break the address syntax or start a header, and falls back to the bare address', () => {
    expect(mailbox('Thandi "T" <Nkosi>; x,\r\nBcc: all@x.test', 'thandi@x.test')).toBe('Thandi T Nkosi xBcc: all@x.test <thandi@x.test>');
    expect(mailbox(' <>;\r\n', 'thandi@x.test')).toBe('thandi@x.test');
    expect(headerText('New: A\nB')).toBe('New: AB');
  });
});

// Types of ./index.mjs for TypeScript callers (the library itself is plain ESM, run by npm start without a build).

export function freePort(): Promise<number>;
export function findRedisServer(): string | null;
export const REDIS_MISSING: string;
export function stopChild(child: import('node:child_process').ChildProcess, graceMs?: number, signal?: NodeJS.Signals): Promise<void>;
export function waitForPort(port: number, timeoutMs: number, failed?: () => string | null): Promise<void>;

export interface EmbeddedPostgres {
  url: string;
  port: number;
  stop(): Promise<void>;
  createDatabase(name: string): Promise<string>;
}
export function startPostgres(options: { dataDir: string; port?: number; log?: (line: string) => void; callerHandlesSignals?: boolean }): Promise<EmbeddedPostgres>;

export interface LocalRedis {
  url: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}
export function startRedis(options: { dataDir: string; port?: number; persist?: boolean; args?: string[] }): Promise<LocalRedis>;

export interface CaughtMail {
  id: string;
  from: string;
  /** Envelope recipients (Bcc included). */
  to: string[];
  subject: string;
  date: string | null;
  receivedAt: string;
  messageId: string | null;
  text: string;
  html: string | null;
}

export interface SmtpCatcher {
  smtpPort: number;
  httpPort: number;
  smtpUrl: string;
  inboxUrl: string;
  /** Newest first. */
  messages(): CaughtMail[];
  onMessage(fn: (m: CaughtMail) => void): () => void;
  clear(): void;
  stop(): Promise<void>;
}
export function startSmtpCatcher(options?: { smtpPort?: number; httpPort?: number; host?: string; keep?: number }): Promise<SmtpCatcher>;

/**
 * How long a stopping process may take to close. Below docker compose's 10 s stop grace (and
 * Kubernetes' 30 s), so that a process that cannot close says why before it would be SIGKILLed.
 */
export const SHUTDOWN_DEADLINE_MS = 8_000;

/**
 * Nest's shutdown hooks close every connection gracefully, and a graceful close waits for its server:
 * with Redis gone, BullMQ's close and ioredis' QUIT wait for a reconnect that never comes, and the
 * worker ignored SIGTERM until it was killed. From the first signal on, the process has `ms` to end;
 * then it exits 1 with one line naming the signal. The timer is unref'd: it never keeps a process alive.
 */
export function boundShutdown(processName: string, ms = SHUTDOWN_DEADLINE_MS, signals: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT']): void {
  const arm = (signal: NodeJS.Signals) => {
    for (const s of signals) process.removeListener(s, arm);
    setTimeout(() => {
      process.stderr.write(`academy: the ${processName} did not stop within ${ms / 1000} s of ${signal} (a connection that cannot close); exiting\n`);
      process.exit(1);
    }, ms).unref();
  };
  for (const s of signals) process.on(s, arm);
}

// The output of the services a test file spawned, kept where the test environment finds it
// (jest-environment.mjs prints it when a test or hook fails): a CI log then says why a browser step
// timed out (a reactor's error, a crash) instead of only that it did.

export interface ServiceOutput {
  name: string;
  output: () => string;
  /** The exit code or signal once the process has exited, else null. */
  exit: () => number | string | null;
}

/** The key on the test file's global object; jest-environment.mjs reads the same key. */
export const SERVICE_OUTPUTS_KEY = '__academyServiceOutputs';

export function registerServiceOutput(name: string, output: () => string, exit: () => number | string | null): void {
  const g = globalThis as unknown as Record<string, ServiceOutput[] | undefined>;
  (g[SERVICE_OUTPUTS_KEY] ??= []).push({ name, output, exit });
}

// The one way the API suites check an authorization matrix: every row's request as every caller, each
// answer written "METHOD path [body] caller → status" beside the expected one, so one toEqual names
// every cell that differs.
import { type Account, type Harness, ROLES } from './modules-harness.js';

/** A request, then the status expected for each caller, in the callers' order. */
export type MatrixRow = [method: string, path: string, body: unknown, ...expected: number[]];
export type Caller = readonly [name: string, token: string | undefined];

/** The six roles (ROLES order: anonymous has no token), then any extra callers such as a teacher of another subject. */
export function roleCallers(tokens: Record<(typeof ROLES)[number], string | undefined>, extra: Record<string, Account> = {}): Caller[] {
  return [...ROLES.map((role) => [role, tokens[role]] as const), ...Object.entries(extra).map(([name, a]) => [name, a.token] as const)];
}

/** `fresh`: each call waits for the log's head (reads right after writes of the rows before). */
export async function matrixAnswers(h: Harness, rows: MatrixRow[], callers: Caller[], { fresh = false } = {}): Promise<{ got: string[]; want: string[] }> {
  const got: string[] = [];
  const want: string[] = [];
  for (const [method, path, body, ...expected] of rows) {
    const request = `${method} ${path}${body === undefined ? '' : ` ${JSON.stringify(body)}`}`;
    for (const [i, [name, token]] of callers.entries()) {
      const res = await h.call(method, path, { body, token, ...(fresh ? { minPosition: await h.head() } : {}) });
      got.push(`${request} ${name} → ${res.status}`);
      want.push(`${request} ${name} → ${expected[i]}`);
    }
  }
  return { got, want };
}

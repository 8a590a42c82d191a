import { apiErrorSchema } from '@academy/contracts';

/** An API answer that was not 2xx, with the server's message and its per-field messages. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  constructor(
    message: string,
    readonly status: number,
    /** Field path → messages (a 400 from validation), empty otherwise. */
    readonly fields: Record<string, string[]> = {},
    /** The message is the API's own (an error body of the contract), not one made up here. */
    readonly fromServer = false,
    /** The answer's machine-readable `code` (API_ERROR_CODES), if any. */
    readonly code: string | null = null,
  ) {
    super(message);
  }

  /** Every field message, in order, for a screen that shows them in one place. */
  get fieldMessages(): string[] {
    return Object.values(this.fields).flat();
  }
}

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Bearer access token. */
  token?: string | null;
  signal?: AbortSignal;
  /** 'text' resolves to the body as text (a CSV download), 'blob' to a Blob (a PDF) instead of parsed JSON; errors are read the same way. */
  responseType?: 'json' | 'text' | 'blob';
  /** For tests and for a client bound to another fetch. */
  fetch?: typeof fetch;
  /**
   * The newest log position this client has seen (its own last write): sent with commands so the
   * server's checks on read models wait for it, and only for it (ADR 0015). Never sent with GETs.
   */
  seenPosition?: number;
  /** Called with the log position a command's answer reports (X-Academy-Position). */
  onPosition?: (position: number) => void;
}

/** ADR 0005 / 0015 headers (the API's POSITION_HEADER and MIN_POSITION_HEADER). */
const POSITION_HEADER = 'x-academy-position';
const MIN_POSITION_HEADER = 'x-academy-min-position';

/**
 * fetch for the API: JSON in and out, the bearer token when given, the refresh cookie sent only to
 * our own origin (credentials: 'same-origin'), and an error answer turned into ApiRequestError.
 * Resolves to undefined on 204.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const accept = { json: 'application/json', text: 'text/csv, text/plain, application/json', blob: 'application/pdf, application/octet-stream, application/json' }[options.responseType ?? 'json'];
  const headers: Record<string, string> = { accept };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  if (method !== 'GET' && options.seenPosition) headers[MIN_POSITION_HEADER] = String(options.seenPosition);
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  let res: Response;
  try {
    res = await doFetch(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiRequestError('The server could not be reached. Check your connection and try again.', 0);
  }
  const position = Number(res.headers?.get(POSITION_HEADER) ?? NaN);
  if (res.ok && Number.isSafeInteger(position) && position > 0) options.onPosition?.(position);
  if (res.status === 204) return undefined as T;
  if (res.ok && options.responseType === 'blob') return (await res.blob()) as T;
  const text = await res.text();
  if (res.ok && options.responseType === 'text') return text as T;
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {}
  if (!res.ok) {
    const parsed = apiErrorSchema.safeParse(json);
    if (parsed.success) throw new ApiRequestError(parsed.data.message, res.status, parsed.data.fields ?? {}, true, parsed.data.code ?? null);
    throw new ApiRequestError(`The request failed (HTTP ${res.status}).`, res.status);
  }
  return json as T;
}

/** The message to show for a failed call: the server's (spec §8), or `fallback` when the server gave none. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.fromServer && error.message ? error.message : fallback;
}

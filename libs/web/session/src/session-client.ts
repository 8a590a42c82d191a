import {
  API_ERROR_CODES,
  completeProfileResponseSchema,
  messageResponseSchema,
  SESSION_HINT_COOKIE,
  sessionSchema,
  type CompleteProfileRequest,
  type MessageResponse,
  type Session,
  type SessionUser,
  type SignInRequest,
  type SignUpRequest,
} from '@academy/contracts';
import { ApiRequestError, apiFetch, type ApiFetchOptions } from './api-fetch';

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'signed-out'; user: null }
  | { status: 'signed-in'; user: SessionUser };

export interface SessionClientOptions {
  fetch?: typeof fetch;
  now?: () => number;
  /** Refresh this long before the access token expires (ms). */
  refreshMarginMs?: number;
  /** Whether a refresh cookie may exist; by default, whether the API's readable hint cookie is set. */
  hasSessionHint?: () => boolean;
}

/** Whether the API's readable hint cookie says a session may exist. Outside a browser (no document) there is no cookie to read: assume there may be a session. */
export function hintCookieSet(): boolean {
  const doc = (globalThis as { document?: { cookie: string } }).document;
  return !doc || doc.cookie.split(/;\s*/).some((c) => c.startsWith(`${SESSION_HINT_COOKIE}=`));
}

const LOADING: SessionState = { status: 'loading', user: null };
const SIGNED_OUT: SessionState = { status: 'signed-out', user: null };

/**
 * The browser's session. The access token lives only in this object's memory (never in storage, so
 * a script injected in the page cannot take it away for later); the refresh token is the API's
 * httpOnly cookie, which brings the session back on load and renews the access token before it expires.
 */
export class SessionClient {
  private state: SessionState = LOADING;
  private token: string | null = null;
  /** When the access token expires, ms since the epoch. */
  private expiresAt = 0;
  private readonly listeners = new Set<() => void>();
  private refreshing: Promise<boolean> | null = null;
  private started: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by sign-in and sign-out, so that a refresh started before them cannot undo them. */
  private epoch = 0;
  private readonly fetchImpl: typeof fetch | undefined;
  /** The newest log position of this user's own writes, sent with their next commands (ADR 0015). */
  private seen = 0;
  private readonly now: () => number;
  private readonly margin: number;
  private readonly hasSessionHint: () => boolean;

  constructor(options: SessionClientOptions = {}) {
    this.fetchImpl = options.fetch;
    this.hasSessionHint = options.hasSessionHint ?? hintCookieSet;
    this.now = options.now ?? Date.now;
    this.margin = options.refreshMarginMs ?? 60_000;
  }

  readonly getState = (): SessionState => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Restores the session from the refresh cookie, once (StrictMode mounts twice). Without the hint
   * cookie there is no refresh cookie either (the API sets and clears both): signed out at once,
   * with no request that could only end in a 401 on the console.
   */
  start(): Promise<void> {
    if (!this.started && !this.hasSessionHint()) {
      this.set(SIGNED_OUT);
      this.started = Promise.resolve();
    }
    this.started ??= this.refresh().then(() => undefined);
    return this.started;
  }

  /**
   * Asks for a new access token with the refresh cookie. Concurrent callers share one request: the
   * API rotates the refresh token, so two parallel refreshes would invalidate each other.
   */
  refresh(): Promise<boolean> {
    const epoch = this.epoch;
    this.refreshing ??= this.call<Session>('/api/auth/refresh', { method: 'POST' })
      .then((session) => {
        // A sign-in or sign-out meanwhile has the last word over this older answer.
        if (epoch !== this.epoch) return this.state.status === 'signed-in';
        this.apply(sessionSchema.parse(session));
        return true;
      })
      .catch((error: unknown) => {
        if (epoch !== this.epoch) return this.state.status === 'signed-in';
        // A refused cookie ends the session; a network or server failure only does when nothing
        // valid is left, otherwise the next timer or call tries again.
        const refused = error instanceof ApiRequestError && (error.status === 401 || error.status === 403);
        if (refused || !this.token || this.now() >= this.expiresAt) this.clear();
        else this.schedule(30_000);
        return false;
      })
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  async signIn(request: SignInRequest): Promise<SessionUser> {
    const session = sessionSchema.parse(await this.call<Session>('/api/auth/sign-in', { method: 'POST', body: request }));
    this.epoch++;
    this.apply(session);
    return session.user;
  }

  async signUp(request: SignUpRequest): Promise<MessageResponse> {
    return messageResponseSchema.parse(await this.call<MessageResponse>('/api/auth/sign-up', { method: 'POST', body: request }));
  }

  async verifyEmail(token: string): Promise<MessageResponse> {
    return messageResponseSchema.parse(await this.call<MessageResponse>('/api/auth/verify-email', { method: 'POST', body: { token } }));
  }

  /** Ends the session on the server (revokes the refresh cookie) and forgets everything here, even if the call fails. */
  async signOut(): Promise<void> {
    const token = this.token;
    this.epoch++;
    this.clear();
    try {
      await this.call<void>('/api/auth/sign-out', { method: 'POST', token });
    } catch {}
  }

  async completeProfile(request: CompleteProfileRequest): Promise<SessionUser> {
    const { user } = completeProfileResponseSchema.parse(await this.fetch('/api/profile/complete', { method: 'POST', body: request }));
    if (this.state.status === 'signed-in') this.set({ status: 'signed-in', user });
    return user;
  }

  /**
   * An authorized API call: refreshes first when the token is (nearly) expired, and once more if
   * the API answers 401 anyway (the token was revoked or the clock is off).
   */
  async fetch<T>(path: string, options: Omit<ApiFetchOptions, 'token' | 'fetch'> = {}): Promise<T> {
    if (!this.token || this.now() >= this.expiresAt - 5_000) await this.refresh();
    try {
      return await this.call<T>(path, { ...options, token: this.token });
    } catch (error) {
      this.noticeIncompleteProfile(error);
      if (!(error instanceof ApiRequestError && error.status === 401) || !(await this.refresh())) throw error;
      return this.call<T>(path, { ...options, token: this.token });
    }
  }

  /**
   * The server refuses a student with an incomplete first-login profile (403 PROFILE_INCOMPLETE):
   * the user becomes incomplete here too, and the route guard sends them to /complete-profile.
   */
  private noticeIncompleteProfile(error: unknown): void {
    if (!(error instanceof ApiRequestError && error.status === 403 && error.code === API_ERROR_CODES.profileIncomplete)) return;
    if (this.state.status === 'signed-in' && this.state.user.firstLoginCompleted) this.set({ status: 'signed-in', user: { ...this.state.user, firstLoginCompleted: false } });
  }

  private call<T>(path: string, options: ApiFetchOptions): Promise<T> {
    return apiFetch<T>(path, { ...options, fetch: this.fetchImpl, seenPosition: this.seen, onPosition: (p) => (this.seen = Math.max(this.seen, p)) });
  }

  private apply(session: Session): void {
    this.token = session.access_token;
    this.expiresAt = session.expires_at * 1000;
    this.set({ status: 'signed-in', user: session.user });
    const lifetime = this.expiresAt - this.now();
    // Before expiry: the margin, or half the lifetime for a token shorter than twice the margin.
    this.schedule(Math.max(1_000, lifetime > 2 * this.margin ? lifetime - this.margin : lifetime / 2));
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(), delay);
  }

  private clear(): void {
    clearTimeout(this.timer);
    this.token = null;
    this.expiresAt = 0;
    this.set(SIGNED_OUT);
  }

  private set(state: SessionState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}

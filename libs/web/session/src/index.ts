export { ApiRequestError, apiFetch, errorMessage, type ApiFetchOptions } from './api-fetch';
export { DASHBOARD_PATHS, dashboardPathFor, decideAccess, type AccessDecision } from './access';
export { SessionClient, hintCookieSet, type SessionClientOptions, type SessionState } from './session-client';
export { SessionProvider, useSession, useSessionClient } from './session-provider';
export { RequireRole } from './require-role';
export { applyServerFieldErrors } from './server-errors';
export { academyTimeZone, setAcademyTimeZone } from './academy-time-zone';
export { useCommand, useCommandForm, type Command, type CommandForm, type CommandOptions, type ToastText } from './use-command';

/** Injection tokens of the API's own providers (the shared ones come from @academy/backend). */
export { APP_CONFIG as CONFIG, REDIS_CLIENT as REDIS } from '@academy/backend';

/** Injection tokens of the platform's auth and HTTP pieces (one of each per process). */
export const APP_CONFIG = Symbol('AppConfig');
export const REDIS_CLIENT = Symbol('Redis');
export const SESSION_VALIDATOR = Symbol('SessionValidator');
export const PROFILE_STATUS = Symbol('ProfileStatus');

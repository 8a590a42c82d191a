/** The platform's own queue: the worker's heartbeat (and later housekeeping) jobs. */
export const SYSTEM_QUEUE = 'system';
export const HEARTBEAT_JOB = 'heartbeat';
/** The API reports the worker down when its heartbeat is older than three periods. */
export const HEARTBEAT_EVERY_MS = 5_000;

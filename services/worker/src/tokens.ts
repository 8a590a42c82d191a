export const WORKER_CONFIG = Symbol('WorkerConfig');
/** The projections and notification routes this worker runs (./registry.ts; tests pass their own). */
export const WORKER_REGISTRY = Symbol('WorkerRegistry');

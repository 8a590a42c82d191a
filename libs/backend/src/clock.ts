/**
 * The time a rule is judged at (e.g. whether a temporary password is still valid). Injected so that a
 * test can move it; events keep their own occurredAt from commandMetadata.
 */
export const CLOCK = Symbol('Clock');
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

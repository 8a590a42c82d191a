/**
 * The first administrator has a fixed id: its stream `user-<FIRST_ADMIN_ID>` can be created once, so
 * of two simultaneous setups exactly one appends (the other's append fails on expectedVersion 0).
 * Whether setup is over is what GetSetupStatus answers (queries/setup-status), which the command asks.
 */
export const FIRST_ADMIN_ID = '00000000-0000-4000-8000-00000000ad01';

import { ADMISSIONS_PROJECTION } from '../../projections/prospects/names.js';

/** What the convert answer waits for: the Prospective row, and identity's users (the Students screen lists the new account). */
export const CONVERT_READ_MODELS = [ADMISSIONS_PROJECTION, 'identity_users'];

/** The reactor that closes a conversion (named in a 202's `pending` while the worker has not answered). */
export const CONVERSION_REACTOR = 'admissions-conversion';

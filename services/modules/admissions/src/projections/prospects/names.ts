/** The projection (and the schema readers use: its views onto the live version). */
export const ADMISSIONS_PROJECTION = 'admissions';

/** Answers wait for this projection: both Prospective screens and the dashboards' counts read it. */
export const ADMISSIONS_READ_MODEL = [ADMISSIONS_PROJECTION] as const;

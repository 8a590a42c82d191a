/** The projection (and the schema readers use: the views onto its live version). */
export const CATALOG_PROJECTION = 'catalog';

/** Answers wait for this projection: every catalog screen reads it. */
export const CATALOG_READ_MODEL = [CATALOG_PROJECTION] as const;

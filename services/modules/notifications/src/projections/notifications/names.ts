/** The projection (and the schema readers use). */
export const NOTIFICATIONS_PROJECTION = 'notifications';

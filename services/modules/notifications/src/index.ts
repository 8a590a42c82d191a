// Public surface of the notifications context: the Nest module (the bell's endpoints), the projection
// the worker runs (given every context's in-app templates), and the recipient directory the worker's
// mail templates look people up in.
export { NotificationsModule } from './notifications.module.js';
export { notificationsProjection } from './projections/notifications/notifications.projection.js';
export { recipientDirectory } from './projections/notifications/directory.js';
export { NOTIFICATIONS_PROJECTION } from './projections/notifications/names.js';
export { notificationsEntities, notificationsOrm } from './projections/notifications/notifications.orm.js';

// Public surface of the attendance context: the Nest module, the projection and templates the worker runs.
import type { Projection } from '@academy/event-store';
import { attendanceProjection } from './projections/attendance/attendance.projection.js';

export { AttendanceModule } from './attendance.module.js';
export const attendanceProjections: Projection[] = [attendanceProjection];
export { attendanceEntities, attendanceOrm } from './projections/attendance/attendance.orm.js';
export { attendanceInAppTemplates, attendanceMailTemplates } from './notifications/attendance.templates.js';

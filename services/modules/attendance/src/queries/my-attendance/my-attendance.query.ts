import { UserQuery } from '@academy/backend';
import type { MyAttendanceResponse } from '@academy/contracts';

/** A student's own attendance by week of the programme, with their rate. */
export class MyAttendance extends UserQuery<MyAttendanceResponse> {}

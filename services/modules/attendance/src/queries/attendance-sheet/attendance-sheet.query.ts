import { PrincipalObjectQuery } from '@academy/backend';
import type { AttendanceSheetResponse } from '@academy/contracts';

/** One session's attendance: the roster with marks and the history of changes (its teacher, an admin). */
export class AttendanceSheetOf extends PrincipalObjectQuery<AttendanceSheetResponse> {}

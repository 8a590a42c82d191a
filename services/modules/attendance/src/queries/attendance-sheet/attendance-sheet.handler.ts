import { QueryHandler } from '@nestjs/cqrs';
import { ReadModelQueryHandler } from '@academy/backend';
import { DomainError } from '@academy/event-store';
import { ATTENDANCE_MESSAGES, type AttendanceSheetResponse } from '@academy/contracts';
import { readSessionRow } from '../../access.read.js';
import { assertMayManage, readSheet } from '../attendance-view.read.js';
import { AttendanceSheetOf } from './attendance-sheet.query.js';

@QueryHandler(AttendanceSheetOf)
export class AttendanceSheetHandler extends ReadModelQueryHandler<AttendanceSheetOf> {
  async execute({ principal, id }: AttendanceSheetOf): Promise<AttendanceSheetResponse> {
    const row = await readSessionRow(this.em, id);
    if (!row) throw new DomainError('not_found', ATTENDANCE_MESSAGES.sessionNotFound);
    await assertMayManage(this.em, principal, row.subjectId);
    return { sheet: (await readSheet(this.em, id))! };
  }
}

import { QueryHandler } from '@nestjs/cqrs';
import { ReadModelQueryHandler } from '@academy/backend';
import { DomainError } from '@academy/event-store';
import { ATTENDANCE_MESSAGES, type ClassSession } from '@academy/contracts';
import { readSessionRow } from '../../access.read.js';
import { assertMayManage, sessionViews } from '../attendance-view.read.js';
import { GetClassSession } from './get-class-session.query.js';

@QueryHandler(GetClassSession)
export class GetClassSessionHandler extends ReadModelQueryHandler<GetClassSession> {
  async execute({ principal, id }: GetClassSession): Promise<ClassSession> {
    const row = await readSessionRow(this.em, id);
    if (!row) throw new DomainError('not_found', ATTENDANCE_MESSAGES.sessionNotFound);
    await assertMayManage(this.em, principal, row.subjectId);
    return (await sessionViews(this.em, [row]))[0]!;
  }
}

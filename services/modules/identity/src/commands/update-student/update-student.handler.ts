import { CommandHandler } from '@nestjs/cqrs';
import { isUuid, GatedCommandHandler } from '@academy/backend';
import { DomainError, runCommand } from '@academy/event-store';
import { type StudentSummary, USER_ADMIN_MESSAGES } from '@academy/contracts';
import { userDecider } from '../../domain/user.decide.js';
import { userStream } from '../../domain/user.js';
import { USERS_PROJECTION } from '../../projections/users/users.projection.js';
import { ListStudents } from '../../queries/list-students/list-students.query.js';
import { UpdateStudent } from './update-student.command.js';

/**
 * The Students page's edit dialog (spec §5: full name, phone, address). Object-level rule in the
 * domain: only a live student can be edited this way; any other id is 'Student not found'.
 */
@CommandHandler(UpdateStudent)
export class UpdateStudentHandler extends GatedCommandHandler<UpdateStudent> {
  async execute({ caller, studentId, contact }: UpdateStudent): Promise<{ student: StudentSummary; position: number }> {
    if (!isUuid(studentId)) throw new DomainError('not_found', USER_ADMIN_MESSAGES.studentNotFound);
    const { position } = await runCommand(this.store, caller.metadata, {
      execute: async (unit) => unit.decide(await unit.load(userStream(studentId), userDecider), userDecider, { type: 'UpdateStudentContact', contact }),
    });
    // The row as the Students page will show it (past the bound: what is there; the answer is then 202).
    const [row] = (await this.gate.shown([USERS_PROJECTION], position, new ListStudents(studentId))).students;
    if (!row) throw new DomainError('not_found', USER_ADMIN_MESSAGES.studentNotFound);
    return { student: { ...row, ...contact }, position };
  }
}

import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ReadsProjections, Roles } from '@academy/backend';
import type { StudentsListResponse } from '@academy/contracts';
import { UsersReader } from '../../projections/users/users.reader.js';

@ApiTags('identity')
@Controller('students')
export class ListStudentsController {
  constructor(private readonly users: UsersReader) {}

  /** Student-admin Students page: every live student, by name. */
  @Get()
  @Roles('student_admin', 'admin')
  @ReadsProjections('identity_users')
  async list(): Promise<StudentsListResponse> {
    return { students: await this.users.students() };
  }
}

import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { AnnouncementAudiences } from '@academy/contracts';
import { AnnouncementAudiencesQuery } from './announcement-audiences.query.js';
import { readPrograms, readTeacherSubjects } from './announcement-audiences.read.js';

@QueryHandler(AnnouncementAudiencesQuery)
export class AnnouncementAudiencesHandler implements IQueryHandler<AnnouncementAudiencesQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute({ principal }: AnnouncementAudiencesQuery): Promise<AnnouncementAudiences> {
    if (principal.role === 'teacher') return { kinds: ['subject', 'my_subjects'], subjects: await readTeacherSubjects(this.em, principal.userId), programs: [] };
    return { kinds: ['everyone', 'program', 'staff'], subjects: [], programs: await readPrograms(this.em) };
  }
}

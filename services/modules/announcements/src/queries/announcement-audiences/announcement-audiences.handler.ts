import { QueryHandler } from '@nestjs/cqrs';
import { orNone, readModelEm, ReadModelQueryHandler } from '@academy/backend';
import type { AnnouncementAudiences } from '@academy/contracts';
import { readTeacherSubjectIds } from '../../commands/post-announcement/audience.read.js';
import { AnnouncementsProgram } from '../../projections/announcements/program.entity.js';
import { AnnouncementsSubject } from '../../projections/announcements/subject.entity.js';
import { AnnouncementAudiencesQuery } from './announcement-audiences.query.js';
import { ANNOUNCEMENTS_PROJECTION } from '../../projections/announcements/announcements.projection.js';

@QueryHandler(AnnouncementAudiencesQuery)
export class AnnouncementAudiencesHandler extends ReadModelQueryHandler<AnnouncementAudiencesQuery> {
  async execute({ principal }: AnnouncementAudiencesQuery): Promise<AnnouncementAudiences> {
    if (principal.role === 'teacher') return { kinds: ['subject', 'my_subjects'], subjects: await this.teacherSubjects(principal.userId), programs: [] };
    return { kinds: ['everyone', 'program', 'staff'], subjects: [], programs: await this.programs() };
  }

  private async teacherSubjects(teacherId: string): Promise<AnnouncementAudiences['subjects']> {
    const ids = await readTeacherSubjectIds(this.em, teacherId);
    if (!ids.length) return [];
    const read = readModelEm(this.em, ANNOUNCEMENTS_PROJECTION);
    const subjects = await orNone(read.find(AnnouncementsSubject, { id: { $in: ids } }, { disableIdentityMap: true }), []);
    const programs = await orNone(read.find(AnnouncementsProgram, { id: { $in: [...new Set(subjects.map((s) => s.programId))] } }, { disableIdentityMap: true }), []);
    const programName = new Map(programs.map((p) => [p.id, p.name]));
    return subjects.map((s) => ({ id: s.id, name: s.name, programName: programName.get(s.programId) ?? '' })).sort((a, b) => a.name.localeCompare(b.name));
  }

  private async programs(): Promise<AnnouncementAudiences['programs']> {
    const rows = await orNone(readModelEm(this.em, ANNOUNCEMENTS_PROJECTION).find(AnnouncementsProgram, {}, { disableIdentityMap: true, orderBy: { name: 'asc' } }), []);
    return rows.map((p) => ({ id: p.id, name: p.name }));
  }
}

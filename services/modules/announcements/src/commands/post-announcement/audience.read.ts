// Whom an audience reaches, and what a teacher teaches, from the announcements read model's replicas
// (ADR 0019): the post command's precondition reads.
import { sql } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid, orNone, readModelEm } from '@academy/backend';
import type { AnnouncementAudience } from '@academy/contracts';
import { AnnouncementsAssignment } from '../../projections/announcements/assignment.entity.js';
import { AnnouncementsEnrollment } from '../../projections/announcements/enrollment.entity.js';
import { AnnouncementsPerson } from '../../projections/announcements/person.entity.js';
import { AnnouncementsProgram } from '../../projections/announcements/program.entity.js';
import { AnnouncementsSubject } from '../../projections/announcements/subject.entity.js';
import { ANNOUNCEMENTS_PROJECTION } from '../../projections/announcements/announcements.projection.js';

const STAFF = ['admin', 'student_admin', 'teacher'];
/** "Everyone" is the academy's people; the auditor reads the log, not the notice board. */
const EVERYONE = [...STAFF, 'student'];

/** The subjects `teacherId` is assigned to. */
export async function readTeacherSubjectIds(em: EntityManager, teacherId: string): Promise<string[]> {
  if (!isUuid(teacherId)) return [];
  const rows = await orNone(readModelEm(em, ANNOUNCEMENTS_PROJECTION).find(AnnouncementsAssignment, { teacherId }, { disableIdentityMap: true, fields: ['subjectId'] }), []);
  return [...new Set(rows.map((r) => r.subjectId))].sort();
}

export async function readProgramExists(em: EntityManager, programId: string): Promise<boolean> {
  if (!isUuid(programId)) return false;
  return (await orNone(readModelEm(em, ANNOUNCEMENTS_PROJECTION).count(AnnouncementsProgram, { id: programId }), 0)) > 0;
}

/** Live students with an active enrollment in one of `programIds`. */
async function activeStudents(read: EntityManager, programIds: string[]): Promise<string[]> {
  if (!programIds.length) return [];
  const rows = await read
    .createQueryBuilder(AnnouncementsEnrollment, 'e')
    .select(sql.ref('e.student_id').as('id'))
    .distinct()
    .join(read.createQueryBuilder(AnnouncementsPerson).where({ role: 'student' }), 'p', { 'p.id': sql.ref('e.student_id') })
    .where({ programId: { $in: programIds }, status: 'active' })
    .execute<{ id: string }[]>('all');
  return rows.map((r) => r.id);
}

/** The live users an audience reaches now (the author is dropped by the decider). */
export async function readRecipients(em: EntityManager, audience: AnnouncementAudience): Promise<string[]> {
  const read = readModelEm(em, ANNOUNCEMENTS_PROJECTION);
  const ids = async (): Promise<string[]> => {
    switch (audience.kind) {
      case 'everyone':
      case 'staff': {
        const people = await read.find(AnnouncementsPerson, { role: { $in: audience.kind === 'staff' ? STAFF : EVERYONE } }, { disableIdentityMap: true, fields: ['id'] });
        return people.map((p) => p.id);
      }
      case 'subjects': {
        const subjects = await read.find(AnnouncementsSubject, { id: { $in: audience.subjectIds.filter(isUuid) } }, { disableIdentityMap: true, fields: ['programId'] });
        return activeStudents(read, [...new Set(subjects.map((s) => s.programId))]);
      }
      case 'program': {
        // The program's students and the teachers of its subjects.
        const subjects = await read.find(AnnouncementsSubject, { programId: audience.programId }, { disableIdentityMap: true, fields: ['id'] });
        const teachers = subjects.length
          ? await read.find(AnnouncementsAssignment, { subjectId: { $in: subjects.map((s) => s.id) } }, { disableIdentityMap: true, fields: ['teacherId'] })
          : [];
        const live = teachers.length ? await read.find(AnnouncementsPerson, { id: { $in: teachers.map((t) => t.teacherId) }, role: 'teacher' }, { disableIdentityMap: true, fields: ['id'] }) : [];
        return [...(await activeStudents(read, [audience.programId])), ...live.map((p) => p.id)];
      }
    }
  };
  return [...new Set(await orNone(ids(), []))].sort();
}

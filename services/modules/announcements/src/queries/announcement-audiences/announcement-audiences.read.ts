import type { EntityManager } from '@mikro-orm/postgresql';
import { orNone } from '@academy/backend';
import type { AnnouncementAudiences } from '@academy/contracts';
import { AnnouncementsProgram } from '../../projections/announcements/program.entity.js';
import { AnnouncementsSubject } from '../../projections/announcements/subject.entity.js';
import { announcementsReadEm } from '../../projections/announcements/read-schema.js';
import { readTeacherSubjectIds } from '../../commands/post-announcement/audience.read.js';

export async function readTeacherSubjects(em: EntityManager, teacherId: string): Promise<AnnouncementAudiences['subjects']> {
  const ids = await readTeacherSubjectIds(em, teacherId);
  if (!ids.length) return [];
  const read = announcementsReadEm(em);
  const subjects = await orNone(read.find(AnnouncementsSubject, { id: { $in: ids } }, { disableIdentityMap: true }), []);
  const programs = await orNone(read.find(AnnouncementsProgram, { id: { $in: [...new Set(subjects.map((s) => s.programId))] } }, { disableIdentityMap: true }), []);
  const programName = new Map(programs.map((p) => [p.id, p.name]));
  return subjects.map((s) => ({ id: s.id, name: s.name, programName: programName.get(s.programId) ?? '' })).sort((a, b) => a.name.localeCompare(b.name));
}

export async function readPrograms(em: EntityManager): Promise<AnnouncementAudiences['programs']> {
  const rows = await orNone(announcementsReadEm(em).find(AnnouncementsProgram, {}, { disableIdentityMap: true, orderBy: { name: 'asc' } }), []);
  return rows.map((p) => ({ id: p.id, name: p.name }));
}

// Teacher Weekly Content's read: the weeks of one subject and/or of the subjects assigned to a teacher
// (see ../weeks.read.ts).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Week } from '@academy/contracts';
import { subjectsOf, weeksWhere } from '../weeks.read.js';

export function readWeeks(em: EntityManager, filter: { subjectId?: string; teacherId?: string }): Promise<Week[]> {
  const { subjectId, teacherId } = filter;
  const conditions = [...(subjectId ? [{ subjectId }] : []), ...(teacherId ? [{ subjectId: { $in: subjectsOf(em, teacherId) } }] : [])];
  return weeksWhere(em, conditions.length ? { $and: conditions } : {});
}

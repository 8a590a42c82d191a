// The CSV export: whether the subject exists, and every attempt of it in the file's order.
import { sql } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid, orNone } from '@academy/backend';
import type { Submission } from '@academy/contracts';
import { GradingSubject } from '../../projections/grading/subject.entity.js';
import { readSchema, submissionsOf, submissionView } from '../submission-view.read.js';

export async function subjectExists(em: EntityManager, subjectId: string): Promise<boolean> {
  return isUuid(subjectId) && (await orNone(readSchema(em).count(GradingSubject, { id: subjectId }), 0)) > 0;
}

/** Every attempt of a subject, by week, student email, item (capstone after the tasks, by day), attempt. */
export function readSubjectAttempts(em: EntityManager, subjectId: string): Promise<Submission[]> {
  return orNone(
    submissionsOf(
      submissionView(readSchema(em))
        .where({ subjectId })
        .orderBy([{ [sql.ref('w.week_number')]: 'asc' }, { [sql.ref('st.email')]: 'asc' }, { kind: 'desc' }, { [sql.ref('i.day_number')]: 'asc' }, { attempt: 'asc' }]),
    ),
    [],
  );
}

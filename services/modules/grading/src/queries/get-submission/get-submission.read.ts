// One submission: every attempt of its (student, item) stream, as the screens show them.
import type { EntityManager } from '@mikro-orm/postgresql';
import { orNone } from '@academy/backend';
import type { Submission } from '@academy/contracts';
import { readSchema, submissionsOf, submissionView } from '../submission-view.read.js';

/** Every attempt at the same (student, item), oldest first. */
export function readAttempts(em: EntityManager, streamId: string): Promise<Submission[]> {
  return orNone(submissionsOf(submissionView(readSchema(em)).where({ streamId }).orderBy({ attempt: 'asc' })), []);
}

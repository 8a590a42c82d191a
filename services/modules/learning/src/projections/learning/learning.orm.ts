// The learning read model on MikroORM (ADR 0018): its entities, and the migrations the Migrator runs
// into every new version schema of the projection.
import type { ProjectionOrm } from '@academy/event-store';
import { learningMigrations } from '../../migrations/index.js';
import { LearningAssignment } from './assignment.entity.js';
import { LearningCapstone } from './capstone.entity.js';
import { LearningEnrollment } from './enrollment.entity.js';
import { LearningExtension } from './extension.entity.js';
import { LearningProgram } from './program.entity.js';
import { LearningSubject } from './subject.entity.js';
import { LearningTask } from './task.entity.js';
import { LearningWeek } from './week.entity.js';
import { LearningWork } from './work.entity.js';

/** Every read entity of the context: the API's ORM registers them for the reads (the schema's views). */
export const learningEntities = [LearningProgram, LearningSubject, LearningAssignment, LearningWeek, LearningTask, LearningCapstone, LearningEnrollment, LearningWork, LearningExtension];

export const learningOrm: ProjectionOrm = { entities: learningEntities, migrations: learningMigrations };

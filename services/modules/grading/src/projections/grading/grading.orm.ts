// The grading read model on MikroORM (ADR 0018): its entities, and the migrations the Migrator runs
// into every new version schema of the projection.
import type { ProjectionOrm } from '@academy/event-store';
import { gradingMigrations } from '../../migrations/index.js';
import { GradingAssignment } from './assignment.entity.js';
import { GradingEnrollment } from './enrollment.entity.js';
import { GradingExtension } from './extension.entity.js';
import { GradingItem } from './item.entity.js';
import { GradingPerson } from './person.entity.js';
import { GradingReply } from './reply.entity.js';
import { GradingRubric } from './rubric.entity.js';
import { GradingRubricTemplate } from './rubric-template.entity.js';
import { GradingProgram } from './program.entity.js';
import { GradingSubject } from './subject.entity.js';
import { GradingSubmission } from './submission.entity.js';
import { GradingWeek } from './week.entity.js';

/** Every read entity of the context (table order as v2's SQL made them): the API's ORM registers them for the reads. */
export const gradingEntities = [GradingPerson, GradingProgram, GradingSubject, GradingAssignment, GradingWeek, GradingItem, GradingEnrollment, GradingSubmission, GradingExtension, GradingReply, GradingRubric, GradingRubricTemplate];

export const gradingOrm: ProjectionOrm = { entities: gradingEntities, migrations: gradingMigrations };

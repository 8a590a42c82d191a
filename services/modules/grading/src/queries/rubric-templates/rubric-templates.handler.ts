import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EntityManager } from '@mikro-orm/postgresql';
import { orNone, readModelEm } from '@academy/backend';
import type { RubricTemplatesResponse } from '@academy/contracts';
import { GRADING_PROJECTION } from '../../projections/grading/grading.projection.js';
import { GradingRubricTemplate } from '../../projections/grading/rubric-template.entity.js';
import { RubricTemplates } from './rubric-templates.query.js';

/** Admin only (the controller's role): every template, by name. */
@QueryHandler(RubricTemplates)
export class RubricTemplatesHandler implements IQueryHandler<RubricTemplates> {
  constructor(private readonly em: EntityManager) {}

  async execute(): Promise<RubricTemplatesResponse> {
    const rows = await orNone(readModelEm(this.em, GRADING_PROJECTION).find(GradingRubricTemplate, {}, { orderBy: { name: 'asc', id: 'asc' } }), []);
    return { templates: rows.map((r) => ({ id: r.id, name: r.name, kind: r.kind, criteria: r.criteria, createdAt: new Date(r.createdAt).toISOString() })) };
  }
}

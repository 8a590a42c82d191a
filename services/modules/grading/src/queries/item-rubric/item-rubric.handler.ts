import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EntityManager } from '@mikro-orm/postgresql';
import { orNone, readModelEm } from '@academy/backend';
import { DomainError } from '@academy/event-store';
import { GRADING_MESSAGES, type ItemRubricResponse } from '@academy/contracts';
import { GRADING_PROJECTION } from '../../projections/grading/grading.projection.js';
import { GradingRubric } from '../../projections/grading/rubric.entity.js';
import { readExtensionItem } from '../extension-item.read.js';
import { isAssigned } from '../submission-access.read.js';
import { ItemRubric } from './item-rubric.query.js';

/** Admin any item; a teacher only the items of their subjects (403), as the other staff reads of grading. */
@QueryHandler(ItemRubric)
export class ItemRubricHandler implements IQueryHandler<ItemRubric> {
  constructor(private readonly em: EntityManager) {}

  async execute({ principal, id: itemId }: ItemRubric): Promise<ItemRubricResponse> {
    const item = await readExtensionItem(this.em, itemId);
    if (!item) throw new DomainError('not_found', GRADING_MESSAGES.itemNotFound);
    if (principal.role !== 'admin' && !(await isAssigned(this.em, principal.userId, item.subjectId))) throw new DomainError('forbidden', GRADING_MESSAGES.notYourSubject);
    const read = readModelEm(this.em, GRADING_PROJECTION);
    // The current version: the highest of the item's (every version is kept, grades name theirs).
    const row = await orNone(read.findOne(GradingRubric, { itemId }, { orderBy: { version: 'desc' } }), null);
    return {
      item: { id: item.itemId, title: item.title, subjectId: item.subjectId },
      rubric: row ? { version: row.version, kind: row.kind, criteria: row.criteria } : null,
    };
  }
}

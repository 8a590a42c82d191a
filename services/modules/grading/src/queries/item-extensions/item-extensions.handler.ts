import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { sql } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { orNone, readModelEm } from '@academy/backend';
import { DomainError } from '@academy/event-store';
import { type ExtensionStudent, GRADING_MESSAGES, type ItemExtensionsResponse } from '@academy/contracts';
import { GradingEnrollment } from '../../projections/grading/enrollment.entity.js';
import { GradingExtension } from '../../projections/grading/extension.entity.js';
import { GRADING_PROJECTION } from '../../projections/grading/grading.projection.js';
import { GradingPerson } from '../../projections/grading/person.entity.js';
import { readExtensionItem } from '../extension-item.read.js';
import { isAssigned } from '../submission-access.read.js';
import { ItemExtensions } from './item-extensions.query.js';

interface StudentRow {
  studentId: string;
  fullName: string | null;
  email: string | null;
  dueAt: Date | null;
  reason: string | null;
  grantedAt: Date | null;
  grantedBy: string | null;
  grantedByName: string | null;
}

/** Admin any item; a teacher only the items of their subjects (403), as the other staff reads of grading. */
@QueryHandler(ItemExtensions)
export class ItemExtensionsHandler implements IQueryHandler<ItemExtensions> {
  constructor(private readonly em: EntityManager) {}

  async execute({ principal, id: itemId }: ItemExtensions): Promise<ItemExtensionsResponse> {
    const item = await readExtensionItem(this.em, itemId);
    if (!item) throw new DomainError('not_found', GRADING_MESSAGES.itemNotFound);
    if (principal.role !== 'admin' && !(await isAssigned(this.em, principal.userId, item.subjectId))) throw new DomainError('forbidden', GRADING_MESSAGES.notYourSubject);
    const read = readModelEm(this.em, GRADING_PROJECTION);
    // The program's actively enrolled students, each with their extension of this item (LEFT JOIN: most have none).
    const rows = await orNone(
      read
        .createQueryBuilder(GradingEnrollment, 'en')
        .select([
          sql.ref('en.student_id').as('studentId'),
          sql.ref('p.full_name').as('fullName'),
          sql.ref('p.email').as('email'),
          sql.ref('x.due_at').as('dueAt'),
          sql.ref('x.reason').as('reason'),
          sql.ref('x.granted_at').as('grantedAt'),
          sql.ref('x.granted_by').as('grantedBy'),
          sql`coalesce(t.full_name, t.email)`.as('grantedByName'),
        ])
        .leftJoin(read.createQueryBuilder(GradingPerson), 'p', { 'p.id': sql.ref('en.student_id') })
        .leftJoin(read.createQueryBuilder(GradingExtension), 'x', { 'x.student_id': sql.ref('en.student_id'), 'x.item_id': itemId })
        .leftJoin(read.createQueryBuilder(GradingPerson), 't', { 't.id': sql.ref('x.granted_by') })
        .where({ programId: item.programId, status: 'active' })
        .orderBy([{ [sql`coalesce(p.full_name, p.email)`]: 'asc' }, { studentId: 'asc' }])
        .execute<StudentRow[]>('all'),
      [],
    );
    const students: ExtensionStudent[] = rows.map((r) => ({
      studentId: r.studentId,
      studentName: r.fullName ?? '',
      studentEmail: r.email ?? '',
      extension:
        r.dueAt === null
          ? null
          : { dueAt: new Date(r.dueAt).toISOString(), reason: r.reason ?? '', grantedAt: new Date(r.grantedAt!).toISOString(), grantedBy: r.grantedBy ?? '', grantedByName: r.grantedByName ?? '' },
    }));
    return { item: { id: item.itemId, kind: item.kind, title: item.title, subjectId: item.subjectId, dueAt: item.dueAt, latePolicy: item.latePolicy }, students };
  }
}

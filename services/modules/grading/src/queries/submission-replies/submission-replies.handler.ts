// The conversation on a submission, oldest first, with each author's name (from grading's `people`).
import { QueryHandler } from '@nestjs/cqrs';
import { sql } from '@mikro-orm/core';
import { orNone, readModelEm, ReadModelQueryHandler } from '@academy/backend';
import { DomainError } from '@academy/event-store';
import { type ConversationResponse, GRADING_MESSAGES } from '@academy/contracts';
import { GRADING_PROJECTION } from '../../projections/grading/grading.projection.js';
import { GradingPerson } from '../../projections/grading/person.entity.js';
import { GradingReply } from '../../projections/grading/reply.entity.js';
import { assertCanRead, readStreamOf } from '../submission-access.read.js';
import { SubmissionReplies } from './submission-replies.query.js';

interface ReplyRow {
  id: string;
  authorId: string;
  authorName: string | null;
  authorRole: 'student' | 'teacher';
  text: string;
  sentAt: Date;
}

/** Its student, a teacher of its subject (403 otherwise), admin; another student's → 404, as GetSubmission. */
@QueryHandler(SubmissionReplies)
export class SubmissionRepliesHandler extends ReadModelQueryHandler<SubmissionReplies> {
  async execute({ principal, id: submissionId }: SubmissionReplies): Promise<ConversationResponse> {
    const found = await readStreamOf(this.em, submissionId);
    if (!found) throw new DomainError('not_found', GRADING_MESSAGES.submissionNotFound);
    await assertCanRead(this.em, principal, found.subjectId, found.studentId);
    const read = readModelEm(this.em, GRADING_PROJECTION);
    const rows = await orNone(
      read
        .createQueryBuilder(GradingReply, 'r')
        .select(['r.id', 'r.authorId', sql.ref('p.full_name').as('authorName'), 'r.authorRole', 'r.text', 'r.sentAt'])
        .leftJoin(read.createQueryBuilder(GradingPerson), 'p', { 'p.id': sql.ref('r.author_id') })
        .where({ submissionId })
        .orderBy({ seq: 'asc' })
        .execute<ReplyRow[]>('all'),
      [],
    );
    return { replies: rows.map((r) => ({ id: r.id, authorId: r.authorId, authorName: r.authorName, authorRole: r.authorRole, text: r.text, sentAt: new Date(r.sentAt).toISOString() })) };
  }
}

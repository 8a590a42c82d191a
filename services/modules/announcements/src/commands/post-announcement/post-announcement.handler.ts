import { randomUUID } from 'node:crypto';
import { CommandHandler } from '@nestjs/cqrs';
import { principalOf, GatedCommandHandler } from '@academy/backend';
import { DomainError, runCommand } from '@academy/event-store';
import { ANNOUNCEMENT_MESSAGES, type AnnouncementAudience, type Role } from '@academy/contracts';
import { announcementDecider, announcementStream, mayAddress } from '../../domain/announcement.js';
import { ANNOUNCEMENTS_READ_MODEL } from '../../projections/announcements/announcements.projection.js';
import type { AnnouncementWritten } from '../announcement-written.js';
import { readProgramExists, readRecipients, readTeacherSubjectIds } from './audience.read.js';
import { PostAnnouncement } from './post-announcement.command.js';

/**
 * Reads what the decider needs (the teacher's subjects; the audience's live users) through
 * ReadModelGate, so an assignment or enrollment the caller just made counts, then appends one
 * AnnouncementPosted naming its recipients.
 */
@CommandHandler(PostAnnouncement)
export class PostAnnouncementHandler extends GatedCommandHandler<PostAnnouncement> {
  async execute({ caller, input }: PostAnnouncement): Promise<AnnouncementWritten> {
    const principal = principalOf(caller);
    const actor = { userId: principal.userId, role: principal.role as Role };
    const wanted = input.audience;
    const teacherSubjectIds =
      actor.role === 'teacher'
        ? await this.gate.check(ANNOUNCEMENTS_READ_MODEL, ({ em }) => readTeacherSubjectIds(em, actor.userId), (ids) => wanted.kind !== 'subject' || ids.includes(wanted.subjectId), caller.seen)
        : [];
    let audience: AnnouncementAudience;
    switch (wanted.kind) {
      case 'subject':
        audience = { kind: 'subjects', subjectIds: [wanted.subjectId] };
        break;
      case 'my_subjects':
        if (actor.role !== 'teacher') throw new DomainError('forbidden', ANNOUNCEMENT_MESSAGES.audienceNotAllowed);
        if (!teacherSubjectIds.length) throw new DomainError('forbidden', ANNOUNCEMENT_MESSAGES.noSubjects);
        audience = { kind: 'subjects', subjectIds: teacherSubjectIds };
        break;
      default:
        audience = wanted;
    }
    // Authorization before any audience is read (the decider checks it again on the same facts).
    mayAddress(actor, audience, teacherSubjectIds);
    if (audience.kind === 'program') {
      const { programId } = audience;
      const exists = await this.gate.check(ANNOUNCEMENTS_READ_MODEL, ({ em }) => readProgramExists(em, programId), (x) => x, caller.seen);
      if (!exists) throw new DomainError('not_found', ANNOUNCEMENT_MESSAGES.programNotFound, { 'audience.programId': [ANNOUNCEMENT_MESSAGES.programNotFound] });
    }
    // Read once the read model shows what the caller has seen (an enrollment they just activated counts).
    const recipientIds = await this.gate.check(ANNOUNCEMENTS_READ_MODEL, ({ em }) => readRecipients(em, audience), () => true, caller.seen);
    const announcementId = randomUUID();
    const { position } = await runCommand(this.store, caller.metadata, {
      execute: async (unit) => {
        unit.decide(await unit.load(announcementStream(announcementId), announcementDecider), announcementDecider, {
          type: 'PostAnnouncement',
          announcementId,
          actor,
          audience,
          teacherSubjectIds,
          recipientIds,
          title: input.title,
          body: input.body,
        });
      },
    });
    return { announcementId, position };
  }
}

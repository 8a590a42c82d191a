// given events / when command / then events (ARCHITECTURE.md §9): who may post to whom, edit, withdraw.
import { ANNOUNCEMENT_MESSAGES } from '@academy/contracts';
import { deciderSpec } from '@academy/testing/decider';
import { type AnnouncementCommand, announcementDecider, type AnnouncementEvent } from './announcement.js';

const spec = deciderSpec(announcementDecider);
const teacher = { userId: 't1', role: 'teacher' as const };
const otherTeacher = { userId: 't2', role: 'teacher' as const };
const admin = { userId: 'a1', role: 'admin' as const };
const studentAdmin = { userId: 'sa1', role: 'student_admin' as const };
const student = { userId: 's1', role: 'student' as const };

const post = (over: Partial<Extract<AnnouncementCommand, { type: 'PostAnnouncement' }>> = {}): AnnouncementCommand => ({
  type: 'PostAnnouncement',
  announcementId: 'n1',
  actor: teacher,
  audience: { kind: 'subjects', subjectIds: ['sub1'] },
  teacherSubjectIds: ['sub1', 'sub2'],
  recipientIds: ['s2', 's1', 's1'],
  title: 'Exam moved',
  body: 'The exam is on Friday.',
  ...over,
});
const posted: AnnouncementEvent = {
  type: 'AnnouncementPosted',
  data: { announcementId: 'n1', authorId: 't1', authorRole: 'teacher', audience: { kind: 'subjects', subjectIds: ['sub1'] }, recipientIds: ['s1', 's2'], title: 'Exam moved', body: 'The exam is on Friday.' },
};
const decide = (c: AnnouncementCommand) => announcementDecider.decide(c, announcementDecider.initialState());
const withdrawn: AnnouncementEvent = { type: 'AnnouncementWithdrawn', data: { announcementId: 'n1' } };

describe('posting', () => {
  it('a teacher posts to their own subjects; recipients are deduplicated and sorted', () => {
    spec.given().when(post()).then([posted]);
  });

  it('never counts the author among the recipients', () => {
    const [e] = decide(post({ actor: admin, audience: { kind: 'staff' }, recipientIds: ['a1', 't1'] }));
    expect((e as Extract<AnnouncementEvent, { type: 'AnnouncementPosted' }>).data.recipientIds).toEqual(['t1']);
  });

  it('refuses a teacher outside their subjects, or to any other audience', () => {
    spec.given().when(post({ audience: { kind: 'subjects', subjectIds: ['sub1', 'sub9'] } })).thenRefused({ kind: 'forbidden', message: ANNOUNCEMENT_MESSAGES.notYourSubject });
    spec.given().when(post({ teacherSubjectIds: [] })).thenRefused({ kind: 'forbidden', message: ANNOUNCEMENT_MESSAGES.notYourSubject });
    for (const audience of [{ kind: 'everyone' as const }, { kind: 'staff' as const }, { kind: 'program' as const, programId: 'p1' }]) {
      spec.given().when(post({ audience })).thenRefused({ kind: 'forbidden', message: ANNOUNCEMENT_MESSAGES.audienceNotAllowed });
    }
  });

  it('lets admins and student admins address everyone, a program or the staff, not subjects', () => {
    for (const actor of [admin, studentAdmin]) {
      for (const audience of [{ kind: 'everyone' as const }, { kind: 'staff' as const }, { kind: 'program' as const, programId: 'p1' }]) {
        expect(decide(post({ actor, audience, teacherSubjectIds: [] }))).toHaveLength(1);
      }
      spec.given().when(post({ actor, teacherSubjectIds: [] })).thenRefused({ kind: 'forbidden', message: ANNOUNCEMENT_MESSAGES.audienceNotAllowed });
    }
  });

  it('refuses students whatever the audience', () => {
    spec.given().when(post({ actor: student, audience: { kind: 'everyone' } })).thenRefused({ kind: 'forbidden', message: ANNOUNCEMENT_MESSAGES.audienceNotAllowed });
  });

  it('appends nothing when the same post is retried', () => {
    spec.given(posted).when(post()).thenNothing();
  });
});

describe('editing and withdrawing', () => {
  it('the author edits; the same text again appends nothing', () => {
    spec.given(posted).when({ type: 'EditAnnouncement', actor: teacher, title: 'Exam moved', body: 'Saturday now.' }).then([{ type: 'AnnouncementEdited', data: { announcementId: 'n1', title: 'Exam moved', body: 'Saturday now.' } }]);
    spec.given(posted).when({ type: 'EditAnnouncement', actor: teacher, title: 'Exam moved', body: 'The exam is on Friday.' }).thenNothing();
    expect(spec.given(posted, { type: 'AnnouncementEdited', data: { announcementId: 'n1', title: 'T', body: 'B' } }).state).toMatchObject({ title: 'T', body: 'B' });
  });

  it('an admin may change anyone’s post; another teacher or a student admin may not', () => {
    spec.given(posted).when({ type: 'WithdrawAnnouncement', actor: admin }).then([withdrawn]);
    for (const actor of [otherTeacher, studentAdmin, student]) {
      spec.given(posted).when({ type: 'WithdrawAnnouncement', actor }).thenRefused({ kind: 'forbidden', message: ANNOUNCEMENT_MESSAGES.notAuthor });
      spec.given(posted).when({ type: 'EditAnnouncement', actor, title: 'x', body: 'y' }).thenRefused({ kind: 'forbidden', message: ANNOUNCEMENT_MESSAGES.notAuthor });
    }
  });

  it('a withdrawn post stays withdrawn: withdrawing again is a no-op, editing it is refused', () => {
    expect(spec.given(posted, withdrawn).state.withdrawn).toBe(true);
    spec.given(posted, withdrawn).when({ type: 'WithdrawAnnouncement', actor: teacher }).thenNothing();
    spec.given(posted, withdrawn).when({ type: 'EditAnnouncement', actor: teacher, title: 'x', body: 'y' }).thenRefused({ kind: 'conflict', message: ANNOUNCEMENT_MESSAGES.alreadyWithdrawn });
  });

  it('refuses an unknown announcement', () => {
    spec.given().when({ type: 'WithdrawAnnouncement', actor: admin }).thenRefused({ kind: 'not_found', message: ANNOUNCEMENT_MESSAGES.notFound });
  });
});

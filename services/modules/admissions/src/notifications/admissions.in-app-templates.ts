// The in-app notices of the admissions context (the header bell): every admin and student admin hears
// of each application and quick-contact message, always (mail preferences govern mail only), with a
// link to their own Prospective page. Only the person's name and the course: the rest is on the page.
// Each notice says whom it names (`about`: the prospect's data subject) and how it reads once they are
// erased, so erasing the applicant rewrites it to exactly what a replay writes (ADR 0014).
import type { InAppNotice, InAppTemplates, RecipientDirectory, SubjectErasures } from '@academy/backend';
import { ADMISSIONS_EVENTS, ApplicantErasedV1, ApplicationSubmittedV1, PROSPECTIVE_PAGE_BY_ROLE, prospectSubject, QuickContactReceivedV1 } from '@academy/contracts';

/** How a notice names an applicant who has been erased. */
export const ERASED_APPLICANT = 'An erased applicant';

async function toStaff(directory: RecipientDirectory, title: string, body: string, about: InAppNotice['about'], query = ''): Promise<InAppNotice[]> {
  const staff = await directory.byRoles(['admin', 'student_admin']);
  return staff.map((s) => ({ userId: s.userId, title, body, link: `${PROSPECTIVE_PAGE_BY_ROLE[s.role as keyof typeof PROSPECTIVE_PAGE_BY_ROLE]}${query}`, about }));
}

export const admissionsInAppTemplates: InAppTemplates = {
  [ADMISSIONS_EVENTS.ApplicationSubmitted]: (event, { directory }) => {
    const p = ApplicationSubmittedV1.personal(event);
    const { course, prospectId } = ApplicationSubmittedV1.parse(event);
    const says = (who: string) => `${who} applied for ${course}.`;
    // Erased before the notice was written (a replay): the erased wording straight away.
    const body = says(p ? `${p.firstName} ${p.lastName}`.trim() : ERASED_APPLICANT);
    return toStaff(directory, 'New application', body, { subjectId: prospectSubject(prospectId), erasedBody: says(ERASED_APPLICANT) });
  },
  [ADMISSIONS_EVENTS.QuickContactReceived]: (event, { directory }) => {
    const p = QuickContactReceivedV1.personal(event);
    const { prospectId } = QuickContactReceivedV1.parse(event);
    const says = (who: string) => `${who} sent a message.`;
    return toStaff(directory, 'New quick-contact message', says(p ? p.name : ERASED_APPLICANT), { subjectId: prospectSubject(prospectId), erasedBody: says(ERASED_APPLICANT) }, '?kind=quick_contact');
  },
};

/** ApplicantErased erases the prospect's data subject: notices about them stop naming them. */
export const admissionsSubjectErasures: SubjectErasures = {
  [ADMISSIONS_EVENTS.ApplicantErased]: (event) => [prospectSubject(ApplicantErasedV1.parse(event).prospectId)],
};

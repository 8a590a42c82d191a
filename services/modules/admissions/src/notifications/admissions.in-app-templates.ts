// The in-app notices of the admissions context (the header bell): every admin and student admin hears
// of each application and quick-contact message, always (mail preferences govern mail only), with a
// link to their own Prospective page. Only the person's name and the course: the rest is on the page.
import type { InAppNotice, InAppTemplates, RecipientDirectory } from '@academy/backend';
import { ADMISSIONS_EVENTS, type ApplicationSubmittedData, type ApplicationSubmittedPersonal, PROSPECTIVE_PAGE_BY_ROLE, type QuickContactReceivedPersonal } from '@academy/contracts';

async function toStaff(directory: RecipientDirectory, title: string, body: string, query = ''): Promise<InAppNotice[]> {
  const staff = await directory.byRoles(['admin', 'student_admin']);
  return staff.map((s) => ({ userId: s.userId, title, body, link: `${PROSPECTIVE_PAGE_BY_ROLE[s.role as keyof typeof PROSPECTIVE_PAGE_BY_ROLE]}${query}` }));
}

export const admissionsInAppTemplates: InAppTemplates = {
  [ADMISSIONS_EVENTS.ApplicationSubmitted]: (event, { directory }) => {
    const p = event.personal?.data as ApplicationSubmittedPersonal | undefined;
    const { course } = event.data as ApplicationSubmittedData;
    // Erased before the notice was written (a replay): say what happened without the person.
    const who = p ? `${p.firstName} ${p.lastName}`.trim() : 'Someone';
    return toStaff(directory, 'New application', `${who} applied for ${course}.`);
  },
  [ADMISSIONS_EVENTS.QuickContactReceived]: (event, { directory }) => {
    const p = event.personal?.data as QuickContactReceivedPersonal | undefined;
    return toStaff(directory, 'New quick-contact message', `${p ? p.name : 'Someone'} sent a message.`, '?kind=quick_contact');
  },
};

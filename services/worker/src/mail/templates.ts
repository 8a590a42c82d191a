// The mail each event type becomes (ARCHITECTURE.md §7). Every bounded context exports its own
// `MailTemplates`; spread them in here as the contexts land. The notifications dispatcher routes each
// type listed here to the mail queue (job id = event id), and the mail processor renders and sends it.
import type { MailTemplates } from '@academy/backend';
import { admissionsMailTemplates } from '@academy/admissions';
import { announcementsMailTemplates } from '@academy/announcements';
import { attendanceMailTemplates } from '@academy/attendance';
import { gradingMailTemplates } from '@academy/grading';
import { identityMailTemplates } from '@academy/identity';

export const mailTemplates: MailTemplates = { ...identityMailTemplates, ...admissionsMailTemplates, ...gradingMailTemplates, ...announcementsMailTemplates, ...attendanceMailTemplates };

import { z } from 'zod';
import { text } from '../text.js';
import { EXTENSION_MESSAGES } from '../copy/extensions.js';
import { latePolicySchema } from './learning.js';
import { workKindSchema } from './grading.js';

// Extensions of a due date (issue 30 §4), in the grading context: a teacher of the item's subject gives
// one student a later due date for one task or capstone, with a reason. Late is judged against it, and an
// item closed after its due date takes the student's submission until the extended date. One stream per
// (student, item) `extension-<studentId>-<itemId>`; granting again replaces the extension.

/** The reason is free text about the student (kept in the event's encrypted part). */
export const extensionReasonSchema = text({ error: EXTENSION_MESSAGES.reasonRequired })
  .trim()
  .min(1, EXTENSION_MESSAGES.reasonRequired)
  .max(1000, 'Reason must be at most 1000 characters');

/**
 * PUT /api/items/:itemId/extensions/:studentId (teacher assigned to the item's subject) →
 * { message: 'Extension granted', extensions }: grants or replaces the student's extension. 400 fields
 * (`dueAt` not later than the item's due date, a reason missing or unstorable); 403 notYourSubject;
 * 404 unknown item, or a student not actively enrolled in its program; 409 the item has no due date.
 */
export const grantExtensionRequestSchema = z.object({
  dueAt: z.iso.datetime({ offset: true, error: EXTENSION_MESSAGES.dueAtRequired }),
  reason: extensionReasonSchema,
});
export type GrantExtensionRequest = z.infer<typeof grantExtensionRequestSchema>;

export const extensionSchema = z.object({
  dueAt: z.string(),
  reason: z.string(),
  grantedAt: z.string(),
  grantedBy: z.string(),
  grantedByName: z.string(),
});
export type Extension = z.infer<typeof extensionSchema>;

/** A student who may submit the item (active enrollment in its program) and their extension, if any. */
export const extensionStudentSchema = z.object({
  studentId: z.string(),
  studentName: z.string(),
  studentEmail: z.string(),
  extension: extensionSchema.nullable(),
});
export type ExtensionStudent = z.infer<typeof extensionStudentSchema>;

/**
 * GET /api/items/:itemId/extensions (teacher assigned to the item's subject; admin) → the item (its due
 * date and late policy) and its students, by name, each with their extension. 403 notYourSubject; 404.
 */
export const itemExtensionsResponseSchema = z.object({
  message: z.string().optional(),
  item: z.object({ id: z.string(), kind: workKindSchema, title: z.string(), subjectId: z.string(), dueAt: z.string().nullable(), latePolicy: latePolicySchema }),
  students: z.array(extensionStudentSchema),
});
export type ItemExtensionsResponse = z.infer<typeof itemExtensionsResponseSchema>;

/** DELETE /api/items/:itemId/extensions/:studentId (assigned teacher) → { message: 'Extension revoked', … }; 404 noExtension. */

import { PrincipalObjectQuery } from '@academy/backend';

/** A subject's grades as CSV text: the teacher assigned to it, or admin. */
export class ExportGrades extends PrincipalObjectQuery<string> {}

import { PrincipalObjectQuery } from '@academy/backend';
import type { GradeHistoryResponse } from '@academy/contracts';

/** Staff only: every grade change of a submission's item (who, when, old → new). */
export class GradeHistory extends PrincipalObjectQuery<GradeHistoryResponse> {}

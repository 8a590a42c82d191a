import { PrincipalListQuery } from '@academy/backend';
import type { ListWeeksQuery, WeeksResponse } from '@academy/contracts';

/** Teacher Weekly Content: weeks of the caller's assigned subjects (or of one of them); an admin's: any. */
export class ListWeeks extends PrincipalListQuery<ListWeeksQuery, WeeksResponse> {}

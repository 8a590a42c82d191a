import { PrincipalObjectQuery } from '@academy/backend';
import type { ItemRubricResponse } from '@academy/contracts';

/** Staff: an item's current rubric (null: none yet). */
export class ItemRubric extends PrincipalObjectQuery<ItemRubricResponse> {}

import { PrincipalObjectQuery } from '@academy/backend';
import type { ItemExtensionsResponse } from '@academy/contracts';

/** Staff: an item's students (active enrollment in its program) and each one's extension of its due date. */
export class ItemExtensions extends PrincipalObjectQuery<ItemExtensionsResponse> {}

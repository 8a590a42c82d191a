import { itemRubricResponseSchema, type SetRubricRequest } from '@academy/contracts';
import { pathOf, useApiMutation, useApiQuery } from './api-hooks';

/** Cache keys of an item's rubric (issue 30 §2). */
export const rubricKeys = {
  item: (itemId: string) => ['item', itemId, 'rubric'] as const,
};

/** GET /api/items/:itemId/rubric: the item's current rubric (null: none). */
export const useItemRubricQuery = (itemId: string, enabled = true) => useApiQuery(rubricKeys.item(itemId), pathOf('/api/items', itemId, '/rubric'), itemRubricResponseSchema, { enabled });

/** PUT /api/items/:itemId/rubric: save (a new version when it changed); the answer goes in the cache. */
export const useSetRubricMutation = () =>
  useApiMutation(({ itemId, rubric }: { itemId: string; rubric: SetRubricRequest }) => ({ path: pathOf('/api/items', itemId, '/rubric'), method: 'PUT', body: rubric }), itemRubricResponseSchema, {
    onSuccess: (client, answer, { itemId }) => void client.setQueryData(rubricKeys.item(itemId), answer),
  });

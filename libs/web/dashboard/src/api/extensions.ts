import { itemExtensionsResponseSchema, type GrantExtensionRequest } from '@academy/contracts';
import { pathOf, useApiMutation, useApiQuery, type ApiCall } from './api-hooks';
import { gradingKeys } from './grading';

/** Cache keys of an item's extensions (issue 30 §4). */
export const extensionKeys = {
  item: (itemId: string) => ['item', itemId, 'extensions'] as const,
};

type OfStudent = { itemId: string; studentId: string };
const extensionPath = ({ itemId, studentId }: OfStudent) => pathOf('/api/items', itemId, `/extensions/${encodeURIComponent(studentId)}`);

/** GET /api/items/:itemId/extensions: the item's students and each one's extension. */
export const useItemExtensionsQuery = (itemId: string, enabled = true) =>
  useApiQuery(extensionKeys.item(itemId), pathOf('/api/items', itemId, '/extensions'), itemExtensionsResponseSchema, { enabled });

/** A change of one student's extension; the answer is the item's list as it is now (put in the cache), and the Submissions read again. */
const useExtensionChange = <V extends OfStudent>(call: (vars: V) => ApiCall) =>
  useApiMutation(call, itemExtensionsResponseSchema, {
    onSuccess: (client, answer, { itemId }) => {
      client.setQueryData(extensionKeys.item(itemId), answer);
      return client.invalidateQueries({ queryKey: gradingKeys.allTeacherSubmissions });
    },
  });

/** PUT /api/items/:itemId/extensions/:studentId: grant or replace. */
export const useGrantExtensionMutation = () => useExtensionChange(({ itemId, studentId, ...body }: OfStudent & GrantExtensionRequest) => ({ path: extensionPath({ itemId, studentId }), method: 'PUT', body }));
/** DELETE /api/items/:itemId/extensions/:studentId: revoke. */
export const useRevokeExtensionMutation = () => useExtensionChange((target: OfStudent) => ({ path: extensionPath(target), method: 'DELETE' }));

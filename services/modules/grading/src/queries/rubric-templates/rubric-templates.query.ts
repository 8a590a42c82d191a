import { PrincipalQuery } from '@academy/backend';
import type { RubricTemplatesResponse } from '@academy/contracts';

/** Admin: the rubric templates, by name. */
export class RubricTemplates extends PrincipalQuery<RubricTemplatesResponse> {}

// A rubric template (stream `rubric-template-<templateId>`, issue 30 §2, ADR 0044): an admin keeps a rubric
// to copy into items. Created once; a copy is the item's own rubric (a later template does not reach it).
import { DomainError, type Decider, type LoadedEventOf } from '@academy/event-store';
import { type CreateRubricTemplateRequest, GRADING_EVENTS, type RubricTemplateCreatedData } from '@academy/contracts';
import { criteriaOf } from './rubric.js';

export const rubricTemplateStream = (templateId: string) => `rubric-template-${templateId}`;

export type RubricTemplateEvent = { type: typeof GRADING_EVENTS.RubricTemplateCreated; data: RubricTemplateCreatedData };
export type RubricTemplateState = Pick<RubricTemplateCreatedData, 'name' | 'kind' | 'criteria'> | null;

export const rubricTemplateDecider: Decider<{ type: 'CreateRubricTemplate'; templateId: string; adminId: string; input: CreateRubricTemplateRequest }, RubricTemplateEvent, RubricTemplateState> = {
  initialState: () => null,
  evolve: (state, event: LoadedEventOf<RubricTemplateEvent>) => (event.type === GRADING_EVENTS.RubricTemplateCreated ? { name: event.data.name, kind: event.data.kind, criteria: event.data.criteria } : state),
  decide: (command, state) => {
    // A fresh id per create: a template that exists already is a replayed command.
    if (state) throw new DomainError('conflict', 'This rubric template exists already.');
    const { templateId, adminId, input } = command;
    return [{ type: GRADING_EVENTS.RubricTemplateCreated, data: { templateId, adminId, name: input.name, kind: input.rubric.kind, criteria: criteriaOf(input.rubric) } }];
  },
};

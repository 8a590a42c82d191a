// The extension aggregate (stream `extension-<studentId>-<itemId>`, issue 30 §4): one student's later due
// date for one task or capstone. Plain TS. A stream of its own rather than events on the work stream:
// a grade's If-Match is the work stream's version, and an extension given while a teacher grades must
// not turn their grade into a conflict. SubmitWork reads this stream beside the work stream.
import { DomainError, type Decider, type LoadedEventOf, type PersonalData } from '@academy/event-store';
import { EXTENSION_MESSAGES, type ExtensionGrantedData, ExtensionGrantedV1, type ExtensionRevokedData, GRADING_EVENTS, type WorkKind } from '@academy/contracts';

export const extensionStream = (studentId: string, itemId: string) => `extension-${studentId}-${itemId}`;

export type ExtensionEvent =
  | { type: typeof GRADING_EVENTS.ExtensionGranted; data: ExtensionGrantedData; personal?: PersonalData }
  | { type: typeof GRADING_EVENTS.ExtensionRevoked; data: ExtensionRevokedData };

/** The extension in force, or null (none given, or revoked). */
export type ExtensionState = { dueAt: string; reason: string } | null;

export function evolveExtension(_state: ExtensionState, event: LoadedEventOf<ExtensionEvent>): ExtensionState {
  switch (event.type) {
    case GRADING_EVENTS.ExtensionGranted:
      return { dueAt: event.data.dueAt, reason: ExtensionGrantedV1.personal(event)?.reason ?? '' };
    case GRADING_EVENTS.ExtensionRevoked:
      return null;
    default:
      return _state;
  }
}

/** The item as the teacher's command is checked against it (from the grading read model). */
export interface ExtendedItem {
  itemId: string;
  kind: WorkKind;
  subjectId: string;
  dueAt: string | null;
  /** Named in the student's notice and mail (ExtensionGranted.title). */
  title?: string;
}

export type ExtensionCommand =
  | { type: 'GrantExtension'; studentId: string; teacherId: string; item: ExtendedItem; dueAt: string; reason: string }
  | { type: 'RevokeExtension'; studentId: string; teacherId: string; item: ExtendedItem };

export function decideExtension(command: ExtensionCommand, state: ExtensionState): ExtensionEvent[] {
  const { item, studentId, teacherId } = command;
  const ids = { studentId, itemId: item.itemId, kind: item.kind, subjectId: item.subjectId, teacherId };
  if (command.type === 'RevokeExtension') {
    if (!state) throw new DomainError('not_found', EXTENSION_MESSAGES.noExtension);
    return [{ type: GRADING_EVENTS.ExtensionRevoked, data: ids }];
  }
  if (item.dueAt === null) throw new DomainError('conflict', EXTENSION_MESSAGES.noDueDate);
  if (Date.parse(command.dueAt) <= Date.parse(item.dueAt)) throw new DomainError('invalid', EXTENSION_MESSAGES.notLater, { dueAt: [EXTENSION_MESSAGES.notLater] });
  // The same extension again (a retry, a double click) changes nothing.
  if (state && Date.parse(state.dueAt) === Date.parse(command.dueAt) && state.reason === command.reason) return [];
  const data: ExtensionGrantedData = { ...ids, dueAt: new Date(command.dueAt).toISOString() };
  if (item.title !== undefined) data.title = item.title;
  return [{ type: GRADING_EVENTS.ExtensionGranted, data, personal: { subjectId: studentId, data: { reason: command.reason } } }];
}

export const extensionDecider: Decider<ExtensionCommand, ExtensionEvent, ExtensionState> = {
  initialState: () => null,
  evolve: evolveExtension,
  decide: decideExtension,
};

/**
 * The due date an attempt is judged against: the student's extension when it is later than the item's
 * (an extension never shortens the time; an item with no due date has none to extend).
 */
export function effectiveDue(itemDueAt: string | null, extension: ExtensionState): { dueAt: string | null; extended: boolean } {
  if (itemDueAt === null) return { dueAt: null, extended: false };
  if (extension && Date.parse(extension.dueAt) > Date.parse(itemDueAt)) return { dueAt: extension.dueAt, extended: true };
  return { dueAt: itemDueAt, extended: false };
}

// given events / when command / then events (ARCHITECTURE.md §9): extensions of a due date (issue 30 §4).
import { EXTENSION_MESSAGES } from '@academy/contracts';
import { deciderSpec } from '@academy/testing/decider';
import { effectiveDue, type ExtendedItem, type ExtensionCommand, extensionDecider, type ExtensionEvent } from './extension.js';

const extension = deciderSpec(extensionDecider);
const item: ExtendedItem = { itemId: 'task1', kind: 'task', subjectId: 's1', dueAt: '2026-11-30T15:00:00.000Z' };
const ids = { studentId: 'st1', itemId: 'task1', kind: 'task' as const, subjectId: 's1', teacherId: 't1' };
const grant = (dueAt: string, reason = 'Medical certificate'): ExtensionCommand => ({ type: 'GrantExtension', studentId: 'st1', teacherId: 't1', item, dueAt, reason });
const granted = (dueAt: string, reason = 'Medical certificate'): ExtensionEvent => ({ type: 'ExtensionGranted', data: { ...ids, dueAt }, personal: { subjectId: 'st1', data: { reason } } });
const revoke: ExtensionCommand = { type: 'RevokeExtension', studentId: 'st1', teacherId: 't1', item };
const revoked: ExtensionEvent = { type: 'ExtensionRevoked', data: ids };

describe('extensions', () => {
  it('grants a later due date with the reason in the student’s personal part; granting again replaces it', () => {
    extension.given().when(grant('2026-12-02T17:00:00+02:00')).then([granted('2026-12-02T15:00:00.000Z')]);
    extension.given(granted('2026-12-02T15:00:00.000Z')).when(grant('2026-12-05T15:00:00.000Z', 'Still ill')).then([granted('2026-12-05T15:00:00.000Z', 'Still ill')]);
    expect(extension.given(granted('2026-12-02T15:00:00.000Z'), granted('2026-12-05T15:00:00.000Z', 'Still ill')).state).toEqual({ dueAt: '2026-12-05T15:00:00.000Z', reason: 'Still ill' });
  });

  it('the same extension again changes nothing', () => {
    extension.given(granted('2026-12-02T15:00:00.000Z')).when(grant('2026-12-02T17:00:00+02:00')).thenNothing();
  });

  it('refuses a date not later than the item’s due date (on the field) and an item with no due date', () => {
    extension.given().when(grant('2026-11-30T15:00:00.000Z')).thenRefused({ kind: 'invalid', message: EXTENSION_MESSAGES.notLater, fields: { dueAt: [EXTENSION_MESSAGES.notLater] } });
    extension.given().when({ ...(grant('2026-12-02T15:00:00.000Z') as Extract<ExtensionCommand, { type: 'GrantExtension' }>), item: { ...item, dueAt: null } }).thenRefused({ kind: 'conflict', message: EXTENSION_MESSAGES.noDueDate });
  });

  it('revokes the extension in force; there is nothing to revoke without one', () => {
    extension.given(granted('2026-12-02T15:00:00.000Z')).when(revoke).then([revoked]);
    expect(extension.given(granted('2026-12-02T15:00:00.000Z'), revoked).state).toBeNull();
    extension.given().when(revoke).thenRefused({ kind: 'not_found', message: EXTENSION_MESSAGES.noExtension });
    extension.given(granted('2026-12-02T15:00:00.000Z'), revoked).when(revoke).thenRefused({ kind: 'not_found', message: EXTENSION_MESSAGES.noExtension });
  });

  it('the due date that counts: the extension when later than the item’s, never earlier, none without a due date', () => {
    expect(effectiveDue(item.dueAt, { dueAt: '2026-12-02T15:00:00.000Z', reason: '' })).toEqual({ dueAt: '2026-12-02T15:00:00.000Z', extended: true });
    expect(effectiveDue(item.dueAt, { dueAt: '2026-11-29T15:00:00.000Z', reason: '' })).toEqual({ dueAt: item.dueAt, extended: false });
    expect(effectiveDue(item.dueAt, null)).toEqual({ dueAt: item.dueAt, extended: false });
    expect(effectiveDue(null, { dueAt: '2026-12-02T15:00:00.000Z', reason: '' })).toEqual({ dueAt: null, extended: false });
  });
});

// Time travel's fold of the prospect pipeline (ADR 0031): each prospect after a prefix of its stream.
import { describe, expect, it } from '@jest/globals';
import type { StoredEvent } from '@academy/event-store';
import { pipelineAsOf } from './as-of.js';

let position = 0;
const stored = (prospectId: string, type: string, data: Record<string, unknown> = {}): StoredEvent => ({
  position: ++position,
  streamId: `prospect-${prospectId}`,
  streamVersion: position,
  id: `id-${position}`,
  type,
  schemaVersion: 1,
  data: { prospectId, ...data },
  personal: null,
  erased: false,
  metadata: { actorId: null, actorRole: 'system', correlationId: 'c', causationId: null, occurredAt: '2026-11-24T08:00:00.000Z' },
  recordedAt: '2026-11-24T08:00:00.000Z',
  hash: '',
});

describe('the prospect pipeline as it stood', () => {
  it('folds each prospect to its status then, counts them by kind and status, and shows an erased one as erased', () => {
    const a = [stored('a', 'ApplicationSubmitted', { course: 'Web Development' }), stored('a', 'ApplicantContacted', { previousStatus: 'pending', byUserId: 'u' })];
    const b = [stored('b', 'QuickContactReceived'), stored('b', 'ApplicantErased', { reason: 'request' })];
    expect(pipelineAsOf([a.slice(0, 1), b.slice(0, 1)])).toEqual({
      prospects: [
        { prospectId: 'a', kind: 'application', status: 'pending', erased: false },
        { prospectId: 'b', kind: 'quick_contact', status: 'pending', erased: false },
      ],
      counts: [
        { kind: 'application', status: 'pending', count: 1 },
        { kind: 'quick_contact', status: 'pending', count: 1 },
      ],
    });
    expect(pipelineAsOf([a, b]).prospects).toEqual([
      { prospectId: 'a', kind: 'application', status: 'contacted', erased: false },
      { prospectId: 'b', kind: 'quick_contact', status: 'pending', erased: true },
    ]);
  });
});

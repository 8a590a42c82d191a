import type { StoredEvent } from '@academy/event-store';
import { catalogNameAsOf, personAsOf, weekAsOf } from './names-as-of.js';

let position = 0;
const event = (type: string, data: unknown, personal: Record<string, unknown> | null = null, erased = false): StoredEvent => ({
  position: ++position,
  streamId: 's',
  streamVersion: position,
  id: `id-${position}`,
  type,
  schemaVersion: 1,
  data,
  personal: personal && { subjectId: 'u1', data: personal },
  erased,
  metadata: { actorId: null, actorRole: null, correlationId: 'c', causationId: null, occurredAt: 't' },
  recordedAt: 't',
  hash: '',
});

describe('personAsOf', () => {
  const registered = event('UserRegistered', { userId: 'u1', role: 'student' }, { email: 'a@example.com', fullName: 'Lerato M' });
  const renamed = event('StudentContactUpdated', { userId: 'u1' }, { fullName: 'Lerato Mokoena' });
  const phoneOnly = event('StudentContactUpdated', { userId: 'u1' }, {});

  it('keeps the last full name given, in clear or masked', () => {
    expect(personAsOf([registered], true)).toEqual({ state: 'clear', name: 'Lerato M' });
    expect(personAsOf([registered, renamed, phoneOnly], true)).toEqual({ state: 'clear', name: 'Lerato Mokoena' });
    expect(personAsOf([registered, renamed], false)).toEqual({ state: 'masked', name: '•••' });
  });

  it('is erased once a name-bearing part was shredded, and unknown before registration', () => {
    const shredded = event('UserRegistered', { userId: 'u1', role: 'student' }, null, true);
    expect(personAsOf([shredded], true)).toEqual({ state: 'erased', name: null });
    expect(personAsOf([], true)).toEqual({ state: 'unknown', name: null });
  });
});

describe('catalogNameAsOf and weekAsOf', () => {
  it('folds the names and titles as they stood, a removed item keeping its title', () => {
    const program = { programId: 'p', type: 'evening', description: '' };
    expect(catalogNameAsOf([event('ProgramCreated', { ...program, name: 'Web' }), event('ProgramUpdated', { ...program, name: 'Web Development' }), event('ProgramDeleted', { programId: 'p' })])).toBe('Web Development');
    expect(catalogNameAsOf([])).toBeNull();
    const task = { weekId: 'w', taskId: 't', dayNumber: 1, description: '', instructions: '', dueAt: null };
    const week = weekAsOf([
      event('WeekCreated', { weekId: 'w', subjectId: 's', weekNumber: 3, title: 'Intro', objectives: '' }),
      event('TaskAdded', { ...task, title: 'Setup' }),
      event('TaskUpdated', { ...task, title: 'Set up Git' }),
      event('CapstoneSet', { weekId: 'w', capstoneId: 'c', title: 'Landing page', description: '', instructions: '', dueAt: null }),
      event('TaskRemoved', { weekId: 'w', taskId: 't' }),
    ]);
    expect(week).toEqual({ weekNumber: 3, titles: new Map([['t', 'Set up Git'], ['c', 'Landing page']]) });
  });
});

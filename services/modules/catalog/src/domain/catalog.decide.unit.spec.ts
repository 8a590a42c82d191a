// given events / when command / then events (ARCHITECTURE.md §9): programs, subjects, teacher assignments.
import { DomainError, type EventMetadata } from '@academy/event-store';
import { CATALOG_MESSAGES } from '@academy/contracts';
import { decideProgram, type ProgramCommand, programDecider, type ProgramEvent, type ProgramState } from './program.js';
import { decideSubject, type SubjectCommand, subjectDecider, type SubjectEvent, type SubjectState } from './subject.js';
import { type AssignmentCommand, assignmentDecider, decideAssignment, PAIR_CLAIMED, PAIR_RELEASED, pairHolder } from './teacher-assignment.js';

const meta: EventMetadata = { actorId: null, actorRole: null, correlationId: 'c', causationId: null, occurredAt: '2026-11-23T00:00:00.000Z' };
const givenProgram = (...events: ProgramEvent[]): ProgramState =>
  events.reduce((s, e) => programDecider.evolve(s, { type: e.type, data: e.data, personal: null, metadata: meta }), programDecider.initialState());
const givenSubject = (...events: SubjectEvent[]): SubjectState =>
  events.reduce((s, e) => subjectDecider.evolve(s, { type: e.type, data: e.data, personal: null, metadata: meta }), subjectDecider.initialState());
const refused = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof DomainError) return { kind: e.kind, message: e.message, fields: e.fields };
    throw e;
  }
  throw new Error('not refused');
};

const create: ProgramCommand = { type: 'CreateProgram', programId: 'p1', name: 'Web Development', programType: 'evening', description: 'HTML to React' };
const [created] = decideProgram(create, givenProgram());

describe('program', () => {
  it('is created with its name, type and description', () => {
    expect(created).toEqual({ type: 'ProgramCreated', data: { programId: 'p1', name: 'Web Development', type: 'evening', description: 'HTML to React' } });
    expect(refused(() => decideProgram(create, givenProgram(created)))).toMatchObject({ kind: 'conflict' });
  });

  it('is updated with the whole new state; an update that changes nothing appends nothing', () => {
    const update: ProgramCommand = { type: 'UpdateProgram', name: 'Web Dev', programType: 'daytime', description: '' };
    expect(decideProgram(update, givenProgram(created))).toEqual([{ type: 'ProgramUpdated', data: { programId: 'p1', name: 'Web Dev', type: 'daytime', description: '' } }]);
    expect(decideProgram({ type: 'UpdateProgram', name: 'Web Development', programType: 'evening', description: 'HTML to React' }, givenProgram(created))).toEqual([]);
  });

  it('is deleted only when not in use; an unknown or deleted program is not found', () => {
    expect(refused(() => decideProgram({ type: 'DeleteProgram', inUse: true }, givenProgram(created)))).toEqual({ kind: 'conflict', message: CATALOG_MESSAGES.programInUse, fields: undefined });
    const [deleted] = decideProgram({ type: 'DeleteProgram', inUse: false }, givenProgram(created));
    expect(deleted).toEqual({ type: 'ProgramDeleted', data: { programId: 'p1' } });
    for (const state of [givenProgram(), givenProgram(created, deleted)]) {
      expect(refused(() => decideProgram({ type: 'DeleteProgram', inUse: false }, state))).toMatchObject({ kind: 'not_found', message: CATALOG_MESSAGES.programNotFound });
      expect(refused(() => decideProgram({ type: 'UpdateProgram', name: 'x', programType: 'evening', description: '' }, state))).toMatchObject({ kind: 'not_found' });
    }
  });
});

describe('subject', () => {
  const createSubject: SubjectCommand = { type: 'CreateSubject', subjectId: 's1', programId: 'p1', programExists: true, name: 'CSS', weekNumber: 3, description: '' };
  const [subjectCreated] = decideSubject(createSubject, givenSubject());

  it('is created in an existing program only', () => {
    expect(subjectCreated).toEqual({ type: 'SubjectCreated', data: { subjectId: 's1', programId: 'p1', name: 'CSS', weekNumber: 3, description: '' } });
    expect(refused(() => decideSubject({ ...createSubject, programExists: false }, givenSubject()))).toEqual({
      kind: 'invalid',
      message: 'Some fields are not valid',
      fields: { programId: ['Choose a program'] },
    });
  });

  it('is updated (also to another existing program), deleted only when not in use', () => {
    const update: SubjectCommand = { type: 'UpdateSubject', programExists: true, hasEnrollments: false, programId: 'p2', name: 'CSS', weekNumber: null, description: 'Grid' };
    expect(decideSubject(update, givenSubject(subjectCreated))).toEqual([{ type: 'SubjectUpdated', data: { subjectId: 's1', programId: 'p2', name: 'CSS', weekNumber: null, description: 'Grid' } }]);
    expect(refused(() => decideSubject({ ...update, programExists: false }, givenSubject(subjectCreated)))).toMatchObject({ kind: 'invalid', fields: { programId: ['Choose a program'] } });
    expect(refused(() => decideSubject({ type: 'DeleteSubject', inUse: true }, givenSubject(subjectCreated)))).toMatchObject({ kind: 'conflict', message: CATALOG_MESSAGES.subjectInUse });
    const [deleted] = decideSubject({ type: 'DeleteSubject', inUse: false }, givenSubject(subjectCreated));
    expect(deleted).toEqual({ type: 'SubjectDeleted', data: { subjectId: 's1' } });
    expect(refused(() => decideSubject({ type: 'DeleteSubject', inUse: false }, givenSubject(subjectCreated, deleted)))).toMatchObject({ kind: 'not_found', message: CATALOG_MESSAGES.subjectNotFound });
  });

  it('keeps a subject with enrollments in its program: renaming is fine, moving is refused', () => {
    const rename: SubjectCommand = { type: 'UpdateSubject', programExists: true, hasEnrollments: true, programId: 'p1', name: 'CSS Grid', weekNumber: 3, description: '' };
    expect(decideSubject(rename, givenSubject(subjectCreated))).toEqual([{ type: 'SubjectUpdated', data: { subjectId: 's1', programId: 'p1', name: 'CSS Grid', weekNumber: 3, description: '' } }]);
    expect(refused(() => decideSubject({ ...rename, programId: 'p2' }, givenSubject(subjectCreated)))).toMatchObject({ kind: 'conflict', message: CATALOG_MESSAGES.subjectHasEnrollments });
  });
});

describe('teacher assignment', () => {
  const assign: AssignmentCommand = { type: 'AssignTeacher', assignmentId: 'a1', teacherId: 't1', subjectId: 's1', teacherIsLive: true, subjectExists: true, pairTaken: false };
  const fresh = assignmentDecider.initialState();

  it('assigns a live teacher to an existing subject once per pair', () => {
    const [assigned] = decideAssignment(assign, fresh);
    expect(assigned).toEqual({ type: 'TeacherAssigned', data: { assignmentId: 'a1', teacherId: 't1', subjectId: 's1' } });
    expect(refused(() => decideAssignment({ ...assign, teacherIsLive: false, subjectExists: false }, fresh))).toEqual({
      kind: 'invalid',
      message: 'Some fields are not valid',
      fields: { teacherId: [CATALOG_MESSAGES.notATeacher], subjectId: ['Choose a subject'] },
    });
    expect(refused(() => decideAssignment({ ...assign, pairTaken: true }, fresh))).toMatchObject({ kind: 'conflict', message: CATALOG_MESSAGES.alreadyAssigned });
  });

  it('is removed once; then it is not found', () => {
    const [assigned] = decideAssignment(assign, fresh);
    const state = assignmentDecider.evolve(fresh, { ...assigned, personal: null, metadata: meta });
    const [removed] = decideAssignment({ type: 'UnassignTeacher' }, state);
    expect(removed).toEqual({ type: 'TeacherUnassigned', data: { assignmentId: 'a1', teacherId: 't1', subjectId: 's1' } });
    const after = assignmentDecider.evolve(state, { ...removed, personal: null, metadata: meta });
    expect(refused(() => decideAssignment({ type: 'UnassignTeacher' }, after))).toMatchObject({ kind: 'not_found', message: CATALOG_MESSAGES.assignmentNotFound });
    expect(refused(() => decideAssignment({ type: 'UnassignTeacher' }, fresh))).toMatchObject({ kind: 'not_found' });
  });

  it('knows who holds a (teacher, subject) pair from its reservation events', () => {
    expect(pairHolder([])).toBeNull();
    expect(pairHolder([{ type: PAIR_CLAIMED, data: { assignmentId: 'a1' } }])).toBe('a1');
    expect(pairHolder([{ type: PAIR_CLAIMED, data: { assignmentId: 'a1' } }, { type: PAIR_RELEASED, data: { assignmentId: 'a1' } }])).toBeNull();
    expect(pairHolder([{ type: PAIR_CLAIMED, data: { assignmentId: 'a1' } }, { type: PAIR_RELEASED, data: { assignmentId: 'a1' } }, { type: PAIR_CLAIMED, data: { assignmentId: 'a2' } }])).toBe('a2');
    // A stale release of an earlier holder frees nothing.
    expect(pairHolder([{ type: PAIR_CLAIMED, data: { assignmentId: 'a2' } }, { type: PAIR_RELEASED, data: { assignmentId: 'a1' } }])).toBe('a2');
  });
});

// given events / when command / then events (ARCHITECTURE.md §9): programs, subjects, teacher assignments.
import { CATALOG_MESSAGES } from '@academy/contracts';
import { deciderSpec } from '@academy/testing/decider';
import { decideProgram, type ProgramCommand, programDecider } from './program.js';
import { type SubjectCommand, subjectDecider } from './subject.js';
import { type AssignmentCommand, assignmentDecider, PAIR_CLAIMED, PAIR_RELEASED, pairDecider } from './teacher-assignment.js';

const create: ProgramCommand = { type: 'CreateProgram', programId: 'p1', name: 'Web Development', programType: 'evening', description: 'HTML to React' };
const [created] = decideProgram(create, programDecider.initialState());

const program = deciderSpec(programDecider);

describe('program', () => {
  it('is created with its name, type and description', () => {
    program.given().when(create).then([{ type: 'ProgramCreated', data: { programId: 'p1', name: 'Web Development', type: 'evening', description: 'HTML to React' } }]);
    program.given(created).when(create).thenRefused('conflict');
  });

  it('is updated with the whole new state; an update that changes nothing appends nothing', () => {
    program.given(created).when({ type: 'UpdateProgram', name: 'Web Dev', programType: 'daytime', description: '' }).then([{ type: 'ProgramUpdated', data: { programId: 'p1', name: 'Web Dev', type: 'daytime', description: '' } }]);
    program.given(created).when({ type: 'UpdateProgram', name: 'Web Development', programType: 'evening', description: 'HTML to React' }).thenNothing();
  });

  it('is deleted only when not in use; an unknown or deleted program is not found', () => {
    program.given(created).when({ type: 'DeleteProgram', inUse: true }).thenRefused({ kind: 'conflict', message: CATALOG_MESSAGES.programInUse });
    const [deleted] = program.given(created).when({ type: 'DeleteProgram', inUse: false }).then([{ type: 'ProgramDeleted', data: { programId: 'p1' } }]);
    for (const history of [[], [created, deleted]]) {
      program.given(...history).when({ type: 'DeleteProgram', inUse: false }).thenRefused({ kind: 'not_found', message: CATALOG_MESSAGES.programNotFound });
      program.given(...history).when({ type: 'UpdateProgram', name: 'x', programType: 'evening', description: '' }).thenRefused('not_found');
    }
  });
});

describe('subject', () => {
  const subject = deciderSpec(subjectDecider);
  const createSubject: SubjectCommand = { type: 'CreateSubject', subjectId: 's1', programId: 'p1', programExists: true, name: 'CSS', weekNumber: 3, description: '' };
  const subjectCreated = { type: 'SubjectCreated', data: { subjectId: 's1', programId: 'p1', name: 'CSS', weekNumber: 3, description: '' } } as const;

  it('is created in an existing program only, once', () => {
    subject.given().when(createSubject).then([subjectCreated]);
    subject.given().when({ ...createSubject, programExists: false }).thenRefused({ kind: 'invalid', message: 'Some fields are not valid', fields: { programId: ['Choose a program'] } });
    subject.given(subjectCreated).when(createSubject).thenRefused('conflict');
  });

  it('is updated (also to another existing program); an update that changes nothing appends nothing', () => {
    const update: SubjectCommand = { type: 'UpdateSubject', programExists: true, hasEnrollments: false, programId: 'p2', name: 'CSS', weekNumber: null, description: 'Grid' };
    subject.given(subjectCreated).when(update).then([{ type: 'SubjectUpdated', data: { subjectId: 's1', programId: 'p2', name: 'CSS', weekNumber: null, description: 'Grid' } }]);
    subject.given(subjectCreated).when({ ...update, programExists: false }).thenRefused({ kind: 'invalid', fields: { programId: ['Choose a program'] } });
    subject.given(subjectCreated).when({ ...update, programId: 'p1', name: 'CSS', weekNumber: 3, description: '' }).thenNothing();
  });

  it('is deleted only when not in use; an unknown or deleted subject is not found', () => {
    subject.given(subjectCreated).when({ type: 'DeleteSubject', inUse: true }).thenRefused({ kind: 'conflict', message: CATALOG_MESSAGES.subjectInUse });
    const [deleted] = subject.given(subjectCreated).when({ type: 'DeleteSubject', inUse: false }).then([{ type: 'SubjectDeleted', data: { subjectId: 's1' } }]);
    for (const history of [[], [subjectCreated, deleted]]) {
      subject.given(...history).when({ type: 'DeleteSubject', inUse: false }).thenRefused({ kind: 'not_found', message: CATALOG_MESSAGES.subjectNotFound });
      subject.given(...history).when({ type: 'UpdateSubject', programExists: true, hasEnrollments: false, programId: 'p1', name: 'x', weekNumber: null, description: '' }).thenRefused('not_found');
    }
  });

  it('keeps a subject with enrollments in its program: renaming is fine, moving is refused', () => {
    const rename: SubjectCommand = { type: 'UpdateSubject', programExists: true, hasEnrollments: true, programId: 'p1', name: 'CSS Grid', weekNumber: 3, description: '' };
    subject.given(subjectCreated).when(rename).then([{ type: 'SubjectUpdated', data: { subjectId: 's1', programId: 'p1', name: 'CSS Grid', weekNumber: 3, description: '' } }]);
    subject.given(subjectCreated).when({ ...rename, programId: 'p2' }).thenRefused({ kind: 'conflict', message: CATALOG_MESSAGES.subjectHasEnrollments });
  });
});

describe('teacher assignment', () => {
  const assignment = deciderSpec(assignmentDecider);
  const assign: AssignmentCommand = { type: 'AssignTeacher', assignmentId: 'a1', teacherId: 't1', subjectId: 's1', teacherIsLive: true, subjectExists: true, pairTaken: false };
  const assigned = { type: 'TeacherAssigned', data: { assignmentId: 'a1', teacherId: 't1', subjectId: 's1' } } as const;

  it('assigns a live teacher to an existing subject once per pair; invalid fields are named before a taken pair', () => {
    assignment.given().when(assign).then([assigned]);
    assignment.given().when({ ...assign, teacherIsLive: false, subjectExists: false, pairTaken: true }).thenRefused({
      kind: 'invalid',
      message: 'Some fields are not valid',
      fields: { teacherId: [CATALOG_MESSAGES.notATeacher], subjectId: ['Choose a subject'] },
    });
    assignment.given().when({ ...assign, pairTaken: true }).thenRefused({ kind: 'conflict', message: CATALOG_MESSAGES.alreadyAssigned });
    assignment.given(assigned).when(assign).thenRefused({ kind: 'conflict', message: CATALOG_MESSAGES.alreadyAssigned });
  });

  it('is removed once; then it is not found', () => {
    const [removed] = assignment.given(assigned).when({ type: 'UnassignTeacher' }).then([{ type: 'TeacherUnassigned', data: { assignmentId: 'a1', teacherId: 't1', subjectId: 's1' } }]);
    assignment.given(assigned, removed).when({ type: 'UnassignTeacher' }).thenRefused({ kind: 'not_found', message: CATALOG_MESSAGES.assignmentNotFound });
    assignment.given().when({ type: 'UnassignTeacher' }).thenRefused('not_found');
  });
});

describe('teacher-subject pair', () => {
  const pair = deciderSpec(pairDecider);
  const claimed = (assignmentId: string) => ({ type: PAIR_CLAIMED, data: { assignmentId } }) as const;
  const released = (assignmentId: string) => ({ type: PAIR_RELEASED, data: { assignmentId } }) as const;

  it('knows who holds it from its reservation events; a stale release of an earlier holder frees nothing', () => {
    expect(pair.given().state).toEqual({ holder: null });
    expect(pair.given(claimed('a1')).state).toEqual({ holder: 'a1' });
    expect(pair.given(claimed('a1'), released('a1')).state).toEqual({ holder: null });
    expect(pair.given(claimed('a1'), released('a1'), claimed('a2')).state).toEqual({ holder: 'a2' });
    expect(pair.given(claimed('a2'), released('a1')).state).toEqual({ holder: 'a2' });
  });

  it('is claimed by a new assignment; a holder still recorded (no longer shown) is released in the same append', () => {
    pair.given().when({ type: 'ClaimPair', assignmentId: 'a1' }).then([claimed('a1')]);
    pair.given(claimed('a1'), released('a1')).when({ type: 'ClaimPair', assignmentId: 'a2' }).then([claimed('a2')]);
    pair.given(claimed('a1')).when({ type: 'ClaimPair', assignmentId: 'a2' }).then([released('a1'), claimed('a2')]);
  });

  it('is released only by its holder', () => {
    pair.given(claimed('a1')).when({ type: 'ReleasePair', assignmentId: 'a1' }).then([released('a1')]);
    pair.given(claimed('a2')).when({ type: 'ReleasePair', assignmentId: 'a1' }).thenNothing();
    pair.given().when({ type: 'ReleasePair', assignmentId: 'a1' }).thenNothing();
  });
});

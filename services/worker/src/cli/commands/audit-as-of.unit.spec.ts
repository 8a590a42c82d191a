// `audit as-of` prints a time-travel answer as the screens show it: a banner naming the moment and its
// log position, then the view, with names as they stood (masked '•••', in clear, or what became of them).
import { describe, expect, it } from '@jest/globals';
import type { AuditAsOfResponse } from '@academy/contracts';
import { UsageError } from '../command.js';
import { asOfLines, auditAsOfCommand } from './audit-as-of.js';

const at = '2026-11-24T12:00:00Z';
const masked = { state: 'masked', name: '•••' } as const;
const lerato = { state: 'clear', name: 'Lerato Mokoena' } as const;
const row = { submissionId: 's1', studentId: 'u-student', itemId: 'i1', kind: 'capstone', weekId: 'w1', attempt: 1, latest: true, weekNumber: 1 } as const;

describe('audit as-of', () => {
  it('prints an enrollment with its names as they stood, people masked', () => {
    const answer: AuditAsOfResponse = {
      view: 'enrollment',
      at,
      position: 41,
      personalInClear: false,
      id: 'e1',
      enrollment: {
        enrollmentId: 'e1',
        code: 'ENR-0001',
        studentId: 'u-student',
        programId: 'p1',
        subjectId: 'sub1',
        status: 'active',
        currentWeek: 1,
        percent: 5,
        enrolledAt: '2026-11-01T08:00:00.000Z',
        activatedAt: '2026-11-02T08:00:00.000Z',
        completedAt: null,
        studentName: masked,
        programName: 'Web Development',
        subjectName: 'HTML & CSS',
      },
    };
    expect(asOfLines(answer)).toEqual([
      `As of ${at} (log position 41), names of people masked`,
      'enrollment ENR-0001 (e1): active, Week 1 (5 %)',
      '  student ••• (u-student)',
      '  program Web Development (p1), subject HTML & CSS (sub1)',
      '  enrolled 2026-11-01T08:00:00.000Z, activated 2026-11-02T08:00:00.000Z, completed -',
    ]);
  });

  it('prints a gradebook attempt by attempt: the grade and its teacher, or not graded; erased people by their state', () => {
    const answer: AuditAsOfResponse = {
      view: 'gradebook',
      at,
      position: 60,
      personalInClear: true,
      id: 'sub1',
      rows: [
        { ...row, studentName: lerato, title: 'Portfolio landing page', grade: { status: 'passed', score: 80, teacherId: 'u-teacher', teacherName: { state: 'clear', name: 'Tendai Moyo' } } },
        { ...row, submissionId: 's2', studentId: 'u-leaver', studentName: { state: 'erased', name: null }, title: null, weekNumber: null, kind: 'task', latest: false, grade: null },
      ],
    };
    expect(asOfLines(answer)).toEqual([
      `As of ${at} (log position 60)`,
      'gradebook of subject sub1: 2 attempts',
      '  Lerato Mokoena (u-student) Week 1 capstone "Portfolio landing page" (i1) attempt 1: passed 80 by Tendai Moyo (u-teacher)',
      '  (erased) (u-leaver) task "?" (i1) attempt 1 (superseded): not graded',
    ]);
  });

  it('prints the pipeline: counts per kind and status, then each prospect', () => {
    const answer: AuditAsOfResponse = {
      view: 'pipeline',
      at,
      position: 7,
      personalInClear: false,
      prospects: [{ prospectId: 'pr1', kind: 'application', status: 'pending', erased: false }, { prospectId: 'pr2', kind: 'quick_contact', status: 'contacted', erased: true }],
      counts: [{ kind: 'application', status: 'pending', count: 1 }, { kind: 'quick_contact', status: 'contacted', count: 1 }],
    };
    expect(asOfLines(answer)).toEqual([
      `As of ${at} (log position 7), names of people masked`,
      'prospect pipeline: 2 prospects',
      '  application pending: 1',
      '  quick_contact contacted: 1',
      '  pr1 application pending',
      '  pr2 quick_contact contacted (erased)',
    ]);
  });

  it('takes <date> <view> [<id>] [--personal], checked by the contract', () => {
    const id = '0b1f0c1e-3c2a-4d7e-9a55-9f0a9b6a1c11';
    expect(auditAsOfCommand.parse([at, 'enrollment', id, '--personal'])).toEqual({ filter: { at, view: 'enrollment', id }, clear: true });
    expect(auditAsOfCommand.parse([at, 'pipeline'])).toEqual({ filter: { at, view: 'pipeline' }, clear: false });
    expect(() => auditAsOfCommand.parse(['yesterday', 'pipeline'])).toThrow(new UsageError(`at: At must be a date and time (ISO 8601)\n${USAGE}`));
    expect(() => auditAsOfCommand.parse([at, 'enrollment', id, 'extra'])).toThrow(new UsageError(USAGE));
  });
});

const USAGE = 'audit as-of takes <date> <view> [<id>] [--personal]: <date> ISO 8601 with a zone (2026-11-24T12:00:00Z); gradebook <subject id>, enrollment <enrollment id>, pipeline';

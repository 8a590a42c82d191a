import { describe, expect, it } from '@jest/globals';
import { zodResolver } from '@hookform/resolvers/zod';
import { CATALOG_MESSAGES, type Certificate, subjectRequestSchema, type Enrollment, type Program, type Subject, type SubjectRequest, type TeacherAssignment, type UserSummary } from '@academy/contracts';
import { catalogKeys, certificateKeys } from '@academy/web-dashboard';
import { AssignTeacherForm, AssignmentsPage } from './assignments-page';
import { EnrollmentsPage } from './enrollments-page';
import { ProgramForm, ProgramsPage } from './programs-page';
import { cells, headers, rendererFor, rowOf, text } from '@academy/web-dashboard/testing';
import { SUBJECT_DEFAULTS, SubjectForm, SubjectsPage, weekNumberFromInput } from './subjects-page';

const render = rendererFor('admin');

const web: Program = { id: 'p-web', name: 'Web Development', type: 'evening', description: 'HTML to React', createdAt: '2026-11-01T09:00:00.000Z', subjectCount: 2, enrollmentCount: 1 };
const data: Program = { id: 'p-data', name: 'Data Analytics', type: 'daytime', description: '', createdAt: '2026-11-02T09:00:00.000Z', subjectCount: 0, enrollmentCount: 0 };
const html5: Subject = { id: 's-html', name: 'HTML & CSS', programId: web.id, programName: web.name, programType: 'evening', weekNumber: 1, description: 'Semantic markup', createdAt: '2026-11-03T09:00:00.000Z' };
const react: Subject = { id: 's-react', name: 'React', programId: web.id, programName: web.name, programType: 'evening', weekNumber: null, description: '', createdAt: '2026-11-03T09:00:00.000Z' };
const teacher: UserSummary = { id: 'u-t', email: 'tendai@academy.test', fullName: 'Tendai Moyo', role: 'teacher', createdAt: '2026-11-21T09:00:00.000Z', verified: true, firstLoginCompleted: true };
const assignment: TeacherAssignment = { id: 'a-1', teacherId: teacher.id, teacherName: teacher.fullName, teacherEmail: teacher.email, subjectId: html5.id, subjectName: html5.name, programName: web.name, assignedAt: '2026-11-22T09:00:00.000Z' };
export const enrollment: Enrollment = {
  id: 'e-1',
  code: 'ENR-2026-0001',
  studentId: 'u-s',
  studentName: 'Lerato Mokoena',
  studentEmail: 'lerato@academy.test',
  programId: web.id,
  programName: web.name,
  programType: 'evening',
  programDescription: web.description,
  subjectId: html5.id,
  subjectName: html5.name,
  status: 'pending',
  currentWeek: 1,
  enrolledAt: '2026-11-23T09:00:00.000Z',
  activatedAt: null,
  completedAt: null,
  version: 3,
};

/** Label text → the control its `for` points at. */
const labelledControls = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<label[^>]*for="([^"]+)"[^>]*>([^<]+)<\/label>/g)].map(([, id, label]) => [
      label,
      new RegExp(`<(input|select|textarea)[^>]*id="${id.replace(/[:]/g, '\\$&')}"[^>]*>`).exec(html)?.[0],
    ]),
  );

describe('Programs', () => {
  it('lists name, type, description and the subject and enrollment counts, with Edit and Delete per row and Add Program', () => {
    const html = render(<ProgramsPage />, [[catalogKeys.programs, { programs: [web, data] }]]);
    expect(/<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1]).toBe('Programs');
    expect(headers(html)).toEqual(['Name', 'Type', 'Description', 'Subjects', 'Enrollments', 'Actions']);
    expect(cells(rowOf(html, 'Web Development')).slice(0, 5)).toEqual(['Web Development', 'Evening', 'HTML to React', '2', '1']);
    expect(cells(rowOf(html, 'Data Analytics')).slice(0, 5)).toEqual(['Data Analytics', 'Daytime', '', '0', '0']);
    expect(html).toMatch(/<button[^>]*aria-label="Edit Web Development"/);
    expect(html).toMatch(/<button[^>]*aria-label="Delete Web Development"/);
    expect(text(html)).toContain('Add Program');
  });

  it('the form has labelled Name, Type (evening first) and Description, and a Save button', () => {
    const html = render(<ProgramForm onDone={() => undefined} />);
    const controls = labelledControls(html);
    expect(Object.keys(controls)).toEqual(['Name', 'Type', 'Description']);
    expect(controls['Type']).toMatch(/^<select/);
    expect([...html.matchAll(/<option value="([^"]+)"[^>]*>/g)].map((m) => m[1])).toEqual(['evening', 'daytime']);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Save<\/button>/);
  });
});

describe('Subjects', () => {
  it('lists name, program with its type, week (— when none) and description', () => {
    const html = render(<SubjectsPage />, [
      [catalogKeys.subjects, { subjects: [html5, react] }],
      [catalogKeys.programs, { programs: [web, data] }],
    ]);
    expect(headers(html)).toEqual(['Name', 'Program', 'Week', 'Description', 'Actions']);
    expect(cells(rowOf(html, 'data-subject-id="s-html"')).slice(0, 4)).toEqual(['HTML & CSS', 'Web Development Evening', '1', 'Semantic markup']);
    expect(cells(rowOf(html, 'data-subject-id="s-react"'))[2]).toBe('—');
    expect(text(html)).toContain('Add Subject');
  });

  it('the form offers the programs with their type and an optional week of 1–20', () => {
    const html = render(<SubjectForm programs={[web, data]} onDone={() => undefined} />);
    const controls = labelledControls(html);
    expect(Object.keys(controls)).toEqual(['Name', 'Program', 'Week Number', 'Description']);
    expect(controls['Week Number']).toMatch(/type="number"[^>]*min="1"[^>]*max="20"/);
    expect([...html.matchAll(/<option value="[^"]*"[^>]*>([^<]*)<\/option>/g)].map((m) => m[1])).toEqual(['Select a program', 'Web Development (Evening)', 'Data Analytics (Daytime)']);
  });

  it('checks the week with the API schema: empty is none, 1–20 whole numbers only', async () => {
    expect([weekNumberFromInput(''), weekNumberFromInput('7')]).toEqual([null, 7]);
    const resolve = zodResolver(subjectRequestSchema);
    const errorsOf = async (values: Partial<SubjectRequest>) => {
      const result = await resolve({ ...SUBJECT_DEFAULTS, name: 'HTML', programId: '0193c3a6-6a3c-7c8e-9f11-1234567890ab', ...values } as SubjectRequest, undefined, {
        fields: {},
        shouldUseNativeValidation: false,
      });
      return Object.fromEntries(Object.entries(result.errors).map(([field, error]) => [field, (error as { message?: string }).message]));
    };
    expect(await errorsOf({ weekNumber: null })).toEqual({});
    expect(await errorsOf({ weekNumber: 21 })).toEqual({ weekNumber: 'Week number must be a whole number from 1 to 20' });
    expect(await errorsOf({ weekNumber: Number('abc') })).toEqual({ weekNumber: 'Week number must be a whole number from 1 to 20' });
    expect(await errorsOf({ name: ' ', programId: '' })).toEqual({ name: 'Name is required', programId: 'Choose a program' });
  });
});

describe('Teacher Assignments', () => {
  it('lists teacher, email, subject, program and date, with Remove', () => {
    const html = render(<AssignmentsPage />, [[catalogKeys.assignments, { assignments: [assignment] }]]);
    expect(/<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1]).toBe('Teacher Assignments');
    expect(headers(html)).toEqual(['Teacher', 'Email', 'Subject', 'Program', 'Assigned', 'Actions']);
    expect(cells(rowOf(html, 'a-1')).slice(0, 5)).toEqual(['Tendai Moyo', 'tendai@academy.test', 'HTML & CSS', 'Web Development', '22 Nov 2026']);
    expect(html).toMatch(/<button[^>]*aria-label="Remove tendai@academy.test from HTML &amp; CSS"/);
    expect(text(html)).toContain('Assign Teacher');
  });

  it('the dialog says when the subjects could not be loaded or do not exist, and otherwise offers teachers and subjects', () => {
    expect(text(render(<AssignTeacherForm teachers={[teacher]} subjects={{ status: 'error' }} onDone={() => undefined} />))).toBe(CATALOG_MESSAGES.errorLoadingSubjects);
    expect(text(render(<AssignTeacherForm teachers={[teacher]} subjects={{ status: 'ready', subjects: [] }} onDone={() => undefined} />))).toBe(CATALOG_MESSAGES.noSubjects);
    const html = render(<AssignTeacherForm teachers={[teacher]} subjects={{ status: 'ready', subjects: [html5] }} onDone={() => undefined} />);
    expect(Object.keys(labelledControls(html))).toEqual(['Teacher', 'Subject']);
    expect(text(html)).toContain('Tendai Moyo (tendai@academy.test)');
    expect(text(html)).toContain('HTML & CSS — Web Development');
  });
});

describe('Enrollments', () => {
  it('lists code, student, email, program, cohort, a status selector and week (each with its Why?), date, with Enroll Student and Import CSV', () => {
    const html = render(<EnrollmentsPage />, [[catalogKeys.enrollments, { enrollments: [enrollment] }]]);
    expect(headers(html)).toEqual(['Code', 'Student', 'Email', 'Program', 'Cohort', 'Status', 'Week', 'Enrolled', 'Certificate']);
    const row = rowOf(html, 'ENR-2026-0001');
    expect(cells(row)).toEqual(['ENR-2026-0001', 'Lerato Mokoena', 'lerato@academy.test', 'Web Development', 'HTML & CSS', 'Pending Active Completed Dropped Why?', '1 Why?', '23 Nov 2026', '—']);
    expect(row).toMatch(/<select[^>]*aria-label="Status of ENR-2026-0001"/);
    expect(row).toContain('<option value="pending" selected="">');
    expect(text(html)).toContain('Enroll Student');
    expect(text(html)).toContain('Import CSV');
  });
});

describe('Enrollments: certificates (ADR 0030)', () => {
  const certificate: Certificate = {
    enrollmentId: 'e-2',
    code: 'q3Jx0-bT5yZ_aW9kLm2n4p',
    studentId: 'st-1',
    studentName: 'Lerato Mokoena',
    programId: 'p-1',
    programName: 'Web Development',
    activatedAt: '2026-09-01T08:00:00.000Z',
    completedAt: '2026-11-23T10:00:00.000Z',
    issuedAt: '2026-11-23T10:00:00.000Z',
    revokedAt: null,
    revokedReason: null,
    log: { position: 42, hash: 'a'.repeat(64) },
  };
  const completed = { ...enrollment, id: 'e-2', code: 'ENR-2026-0002', status: 'completed' as const };

  it('offers Revoke on an issued certificate, and says Revoked (with the reason as a title) once revoked', () => {
    const issued = render(<EnrollmentsPage />, [
      [catalogKeys.enrollments, { enrollments: [completed] }],
      [certificateKeys.all, { certificates: [certificate] }],
    ]);
    const row = rowOf(issued, 'ENR-2026-0002');
    expect(cells(row).at(-1)).toBe('Issued Revoke');
    expect(row).toMatch(/<button[^>]*aria-label="Revoke certificate of ENR-2026-0002"/);
    const revoked = render(<EnrollmentsPage />, [
      [catalogKeys.enrollments, { enrollments: [completed] }],
      [certificateKeys.all, { certificates: [{ ...certificate, revokedAt: '2026-11-24T10:00:00.000Z', revokedReason: 'Plagiarised capstone' }] }],
    ]);
    const after = rowOf(revoked, 'ENR-2026-0002');
    expect(cells(after).at(-1)).toBe('Revoked');
    expect(after).toContain('title="Plagiarised capstone"');
    expect(after).not.toContain('Revoke certificate of');
  });
});

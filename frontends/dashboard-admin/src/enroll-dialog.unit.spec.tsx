import { describe, expect, it } from '@jest/globals';
import type { Program, StudentSummary, Subject } from '@academy/contracts';
import { ENROLL_DEFAULTS, EnrollForm, enrollErrors, enrollValuesReducer, subjectsOfProgram } from './enroll-dialog';
import { rendererFor, text } from '@academy/web-dashboard/testing';

const render = rendererFor('admin');

const web = { id: '0193c3a6-6a3c-7c8e-9f11-000000000001', name: 'Web Development', type: 'evening' } as Program;
const data = { id: '0193c3a6-6a3c-7c8e-9f11-000000000002', name: 'Data Analytics', type: 'daytime' } as Program;
const subject = (id: string, name: string, programId: string) => ({ id, name, programId }) as Subject;
const subjects = [
  subject('0193c3a6-6a3c-7c8e-9f11-00000000000a', 'HTML & CSS', web.id),
  subject('0193c3a6-6a3c-7c8e-9f11-00000000000b', 'React', web.id),
  subject('0193c3a6-6a3c-7c8e-9f11-00000000000c', 'SQL', data.id),
];
const student = { id: '0193c3a6-6a3c-7c8e-9f11-0000000000ff', fullName: 'Lerato Mokoena', email: 'lerato@academy.test' } as StudentSummary;

const selectOf = (html: string, id: string) => new RegExp(`<select[^>]*id="${id}"[^>]*>(.*?)</select>`).exec(html);
const optionsOf = (html: string, id: string) => [...(selectOf(html, id)?.[1] ?? '').matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((m) => text(m[1]));

describe('the enroll dialog', () => {
  it('empties the subject when the program changes, and keeps it otherwise', () => {
    const chosen = { studentId: student.id, programId: web.id, subjectId: subjects[0].id };
    expect(enrollValuesReducer(chosen, { field: 'programId', value: data.id })).toEqual({ studentId: student.id, programId: data.id, subjectId: '' });
    expect(enrollValuesReducer(chosen, { field: 'programId', value: '' })).toEqual({ studentId: student.id, programId: '', subjectId: '' });
    // Choosing the same program again is no change.
    expect(enrollValuesReducer(chosen, { field: 'programId', value: web.id })).toBe(chosen);
    expect(enrollValuesReducer(chosen, { field: 'studentId', value: 'other' })).toEqual({ ...chosen, studentId: 'other' });
    expect(enrollValuesReducer({ ...chosen, subjectId: '' }, { field: 'subjectId', value: subjects[1].id })).toEqual({ ...chosen, subjectId: subjects[1].id });
  });

  it('offers no subject before a program is chosen, then only that program’s subjects', () => {
    expect(subjectsOfProgram(subjects, '')).toEqual([]);
    expect(subjectsOfProgram(subjects, web.id).map((s) => s.name)).toEqual(['HTML & CSS', 'React']);
    expect(subjectsOfProgram(subjects, data.id).map((s) => s.name)).toEqual(['SQL']);

    const before = render(<EnrollForm students={[student]} programs={[web, data]} subjects={subjects} onDone={() => undefined} />);
    expect(selectOf(before, 'enroll-subject')?.[0]).toMatch(/disabled=""/);
    expect(optionsOf(before, 'enroll-subject')).toEqual(['Select a program first']);
    expect(optionsOf(before, 'enroll-student')).toEqual(['Select a student', 'Lerato Mokoena (lerato@academy.test)']);
    expect(optionsOf(before, 'enroll-program')).toEqual(['Select a program', 'Web Development (Evening)', 'Data Analytics (Daytime)']);

    const after = render(<EnrollForm students={[student]} programs={[web, data]} subjects={subjects} initial={{ ...ENROLL_DEFAULTS, programId: data.id }} onDone={() => undefined} />);
    expect(selectOf(after, 'enroll-subject')?.[0]).not.toMatch(/disabled=""/);
    expect(optionsOf(after, 'enroll-subject')).toEqual(['Select a subject', 'SQL']);
  });

  it('labels every select and requires student, program and subject with the API schema’s messages', () => {
    const html = render(<EnrollForm students={[]} programs={[]} subjects={[]} onDone={() => undefined} />);
    expect([...html.matchAll(/<label[^>]*for="([^"]+)"[^>]*>([^<]+)<\/label>/g)].map((m) => [m[1], m[2]])).toEqual([
      ['enroll-student', 'Student'],
      ['enroll-program', 'Program'],
      ['enroll-subject', 'Subject (Cohort)'],
    ]);
    expect(optionsOf(html, 'enroll-student')).toEqual(['No students yet']);
    expect(enrollErrors(ENROLL_DEFAULTS)).toEqual({ studentId: 'Choose a student', programId: 'Choose a program', subjectId: 'Choose a subject' });
    expect(enrollErrors({ studentId: student.id, programId: web.id, subjectId: subjects[0].id })).toEqual({});
  });
});

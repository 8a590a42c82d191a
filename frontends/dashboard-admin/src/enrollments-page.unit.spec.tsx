import { describe, expect, it } from '@jest/globals';
import type { Enrollment } from '@academy/contracts';
import { EnrollmentsTable } from './enrollments-page';
import { rendererFor } from '@academy/web-dashboard/testing';

const render = rendererFor('admin');

const enrollment = {
  id: '0193c3a6-6a3c-7c8e-9f11-0000000000e1',
  code: 'ENR-2026-0001',
  studentName: 'Lerato Mokoena',
  studentEmail: 'lerato@academy.test',
  programName: 'Web Development',
  subjectName: 'HTML & CSS',
  status: 'active',
  currentWeek: 2,
  enrolledAt: '2026-11-24T08:00:00.000Z',
  version: 3,
} as Enrollment;

describe('the Enrollments table', () => {
  it("links each row's status and week to the admin's Why page (issue 16)", () => {
    const html = render(<EnrollmentsTable enrollments={[enrollment]} />);
    const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1].replace(/&amp;/g, '&');
    const links = [...html.matchAll(/<a ([^>]*)>Why\?<\/a>/g)].map((m) => [attr(m[1], 'href'), attr(m[1], 'aria-label')]);
    expect(links).toEqual([
      [`/dashboard/admin/why?view=enrollment-status&id=${enrollment.id}`, 'Why is ENR-2026-0001 active?'],
      [`/dashboard/admin/why?view=enrollment-week&id=${enrollment.id}`, 'Why is ENR-2026-0001 in week 2?'],
    ]);
  });
});

import { describe, expect, it } from '@jest/globals';
import type { StudentDashboardResponse } from '@academy/contracts';
import { gradingKeys } from '@academy/web-dashboard';
import { DashboardHome } from './dashboard-home';
import { figure, rendererFor, text } from '@academy/web-dashboard/testing';

const render = rendererFor('student');

describe('student Dashboard', () => {
  it('shows the real figures of the enrollment, this week and the grades', () => {
    const answer: StudentDashboardResponse = { currentWeek: 4, tasksCompleted: 3, tasksTotal: 5, averageGrade: 81.25, activeCourse: { programId: 'p', programName: 'Web Development', programType: 'evening' } };
    const html = render(<DashboardHome />, [[gradingKeys.studentDashboard, answer]]);
    expect(figure(html, 'Current Week')).toBe('Week 4 of 20');
    expect(figure(html, 'Tasks Completed')).toBe('3/5');
    expect(figure(html, 'Average Grade')).toBe('81.3/100');
    expect(figure(html, 'Active Course')).toBe('Web Development');
    expect(html).toContain('href="/dashboard/student/progress"');
    // Enrolled: the note about what happens after enrollment is gone.
    expect(text(html)).not.toContain('Getting started');
  });

  it('shows — and Not enrolled, and the Getting started note, without an active enrollment', () => {
    const html = render(<DashboardHome />, [[gradingKeys.studentDashboard, { currentWeek: null, tasksCompleted: 0, tasksTotal: 5, averageGrade: null, activeCourse: null }]]);
    expect(figure(html, 'Current Week')).toBe('—');
    expect(figure(html, 'Tasks Completed')).toBe('0/5');
    expect(figure(html, 'Active Course')).toBe('—');
    expect(text(html)).toContain('Not enrolled');
    expect(text(html)).toContain('Getting started');
  });
});

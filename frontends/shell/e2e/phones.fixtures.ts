// The rows the phone tests show (phones.e2e.spec.ts), long names and emails included: what a narrow
// screen has to fit. Built with the shared contracts' types; the spec parses what it answers.
import { lessonsResponseSchema, type Enrollment, type Prospect, type Submission } from '@academy/contracts';

export const subject = { id: '0b5e7a43-5a4c-4c2a-9f7e-6a1c7f0e2b11', name: 'HTML & CSS', programId: 'p1', programName: 'Web Development', programType: 'evening', weekNumber: 1, description: '', createdAt: '2026-11-01T08:00:00.000Z' } as const;

const enrollment = (n: number, status: Enrollment['status']): Enrollment => ({
  id: `0193c3a6-6a3c-7c8e-9f11-00000000000${n}`,
  code: `ENR-2026-000${n}`,
  studentId: `s${n}`,
  studentName: ['Lerato Mokoena', 'Tendai Chikwanha-Mutasa', 'Sipho Dlamini'][n - 1],
  studentEmail: ['lerato.mokoena@academy.test', 'tendai.chikwanha-mutasa@academy.test', 'sipho@academy.test'][n - 1],
  programId: 'p1',
  programName: 'Web Development',
  programType: 'evening',
  programDescription: '',
  subjectId: subject.id,
  subjectName: subject.name,
  status,
  currentWeek: n,
  enrolledAt: `2026-11-2${n}T08:00:00.000Z`,
  activatedAt: null,
  completedAt: null,
  version: 1,
});
export const enrollments = [enrollment(1, 'pending'), enrollment(2, 'active'), enrollment(3, 'dropped')];

const submission = (n: number, graded: boolean): Submission => ({
  id: `sub-${n}`,
  kind: n === 3 ? 'capstone' : 'task',
  itemId: `item-${n}`,
  title: ['Semantic page skeleton', 'Responsive navigation bar with a long title', 'Portfolio capstone'][n - 1],
  dayNumber: n === 3 ? null : n,
  weekId: 'w1',
  weekNumber: 1,
  subjectId: subject.id,
  subjectName: subject.name,
  studentId: `s${n}`,
  studentName: enrollments[n - 1].studentName,
  studentEmail: enrollments[n - 1].studentEmail,
  githubUrl: `https://github.com/student${n}/work`,
  notes: '',
  submittedAt: `2026-11-2${n}T10:00:00.000Z`,
  dueAt: null,
  extended: false, awaitingReply: false,
  late: n === 2,
  attempt: 1,
  latest: true,
  grade: graded ? { score: 80, status: 'passed', feedback: 'Good', teacherId: 'u-teacher', teacherName: 'A teacher', gradedAt: '2026-11-24T10:00:00.000Z' } : null,
  pin: { state: 'pinned', sha: `${n}`.repeat(40), pinnedAt: `2026-11-2${n}T10:00:01.000Z` },
  version: 1,
});
export const pending = [submission(1, false), submission(2, false), submission(3, false)];

const prospect = (n: number, status: Prospect['status']): Prospect => ({
  id: `pr-${n}`,
  kind: 'application',
  name: ['Nomvula Khumalo-Ndlovu', 'Farai Mapfumo', 'Thabo Nkosi'][n - 1],
  firstName: ['Nomvula', 'Farai', 'Thabo'][n - 1],
  lastName: ['Khumalo-Ndlovu', 'Mapfumo', 'Nkosi'][n - 1],
  email: ['nomvula.khumalondlovu.applications@example.co.za', 'farai.mapfumo@example.co.zw', 'thabo@example.co.za'][n - 1],
  phone: '+27 82 555 0199',
  courseInterest: 'Web Development (Evening)',
  message: 'I work during the day and would like to join the evening program. Is there a payment plan for the full twenty weeks?',
  status,
  appliedAt: `2026-11-2${n}T08:00:00.000Z`,
  statusChangedAt: status === 'pending' ? null : '2026-11-24T09:00:00.000Z',
  statusChangedBy: status === 'pending' ? null : { id: 'u-admin', name: 'A admin' },
  studentId: null,
  version: 1,
});
export const prospects = [prospect(1, 'pending'), prospect(2, 'contacted'), prospect(3, 'pending')];

const lessonItem = (n: number, past: boolean) => ({
  id: `t${n}`,
  weekId: past ? 'w1' : 'w2',
  dayNumber: n,
  title: `Day ${n} task`,
  description: 'Build it.',
  instructions: '',
  dueAt: null,
  latePolicy: 'accept',
  extendedDueAt: null,
  submission: past ? { submissionId: `ls${n}`, githubUrl: `https://github.com/me/day${n}`, notes: '', submittedAt: '2026-11-20T10:00:00.000Z', late: false, attempt: 1, gradeStatus: 'passed', score: 90, feedback: 'Well done', canResubmit: false } : null,
});
export const lessons = lessonsResponseSchema.parse({
  enrollment: { enrollmentId: 'e1', programId: 'p1', programName: 'Web Development', programType: 'evening', currentWeek: 2 },
  weeks: [
    { id: 'w2', subjectId: subject.id, subjectName: subject.name, weekNumber: 2, past: false, title: 'Flexbox and grid', objectives: 'Lay out pages.', tasks: [lessonItem(1, false), lessonItem(2, false)], capstone: null },
    {
      id: 'w1',
      subjectId: subject.id,
      subjectName: subject.name,
      weekNumber: 1,
      past: true,
      title: 'Semantic markup',
      objectives: 'Write meaningful HTML.',
      tasks: [lessonItem(1, true)],
      capstone: {
        id: 'c1',
        weekId: 'w1',
        title: 'A semantic landing page',
        description: 'Put it together.',
        instructions: '',
        dueAt: null,
        latePolicy: 'accept',
        extendedDueAt: null,
        submission: { submissionId: 'lc1', githubUrl: 'https://github.com/me/capstone', notes: '', submittedAt: '2026-11-21T10:00:00.000Z', late: false, attempt: 1, gradeStatus: 'passed', score: 85, feedback: 'Passed', canResubmit: false },
      },
    },
  ],
});

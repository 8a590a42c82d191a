import type { Role } from '@academy/contracts';
import {
  BookOpen,
  CalendarDays,
  ClipboardCheck,
  GraduationCap,
  Inbox,
  LayoutDashboard,
  Megaphone,
  Library,
  Layers,
  ListRestart,
  Settings,
  TrendingUp,
  UserPlus,
  Users,
  UserCheck,
  FileText,
  ScrollText,
  ShieldCheck,
  Waypoints,
  History,
  RotateCcw,
  type LucideIcon,
} from 'lucide-react';

export interface MenuEntry {
  /** The menu label, which is also the page's title. */
  title: string;
  /** Relative to the role's dashboard; '' is the dashboard itself. */
  path: string;
  icon: LucideIcon;
  /** What the page will offer: shown until the page is built. */
  description: string;
}

/** Each role's side menu (spec §2), in the spec's order. */
export const DASHBOARD_MENUS: Record<Role, MenuEntry[]> = {
  student: [
    { title: 'Dashboard', path: '', icon: LayoutDashboard, description: 'Your week, tasks, grades and course at a glance.' },
    { title: 'My Course', path: 'course', icon: GraduationCap, description: 'My Course — your active enrollment, its schedule and your progress through the 20 weeks.' },
    { title: 'Weekly Lessons', path: 'lessons', icon: BookOpen, description: "Weekly Lessons — this week's published lessons, daily tasks and capstone, with their submissions." },
    { title: 'My Grades', path: 'grades', icon: ClipboardCheck, description: 'My Grades — your scores, pass rate and the feedback of your teachers.' },
    { title: 'Progress', path: 'progress', icon: TrendingUp, description: 'Progress — how far you are through your program, week by week.' },
    // Not in the spec's menu: a student's password, sessions and mails (graded work, announcements) had no screen.
    { title: 'Settings', path: 'settings', icon: Settings, description: 'Settings — your password, where you are signed in, and which emails you receive.' },
  ],
  teacher: [
    { title: 'Dashboard', path: '', icon: LayoutDashboard, description: 'Your courses, students and grading at a glance.' },
    { title: 'My Subjects', path: 'subjects', icon: Library, description: 'My Subjects — the subjects you are assigned to, with a link to manage their content.' },
    { title: 'Weekly Content', path: 'weeks', icon: CalendarDays, description: 'Weekly Content — create weeks for your subjects and publish or unpublish them.' },
    { title: 'Submissions', path: 'submissions', icon: Inbox, description: "Submissions — review and grade your students' tasks and capstones." },
    { title: 'Announcements', path: 'announcements', icon: Megaphone, description: 'Announcements — post to the students of your subjects; edit or withdraw your posts.' },
    // Not in the spec's menu: a teacher's password, sessions and mails (new submissions, announcements) had no screen.
    { title: 'Settings', path: 'settings', icon: Settings, description: 'Settings — your password, where you are signed in, and which emails you receive.' },
  ],
  admin: [
    { title: 'Dashboard', path: '', icon: LayoutDashboard, description: 'Users, programs and approvals at a glance.' },
    { title: 'Programs', path: 'programs', icon: GraduationCap, description: "Programs — add, edit and delete the academy's programs." },
    { title: 'Subjects', path: 'subjects', icon: Library, description: 'Subjects — add, edit and delete the subjects of each program.' },
    { title: 'Users', path: 'users', icon: Users, description: 'Users — every account with its role; change roles and delete users.' },
    { title: 'Create User', path: 'create-user', icon: UserPlus, description: 'Create User — create a student, teacher or student admin account.' },
    { title: 'Prospective Students', path: 'prospective', icon: FileText, description: 'Prospective Students — the applications sent from the landing page.' },
    { title: 'Teacher Assignments', path: 'assignments', icon: UserCheck, description: 'Teacher Assignments — assign teachers to subjects and remove assignments.' },
    { title: 'Enrollments', path: 'enrollments', icon: Layers, description: 'Enrollments — enroll students in programs and set the status of each enrollment.' },
    { title: 'Announcements', path: 'announcements', icon: Megaphone, description: 'Announcements — post to everyone, a program or the staff; edit or withdraw your posts.' },
    // Issue 17 §6 (ADR 0032): operations, not in the spec's menu.
    { title: 'Queues', path: 'queues', icon: ListRestart, description: "Queues — the worker's mail, system and audit jobs; see why a job failed and run it again." },
    { title: 'Settings', path: 'settings', icon: Settings, description: "Settings — the academy's settings." },
  ],
  student_admin: [
    { title: 'Dashboard', path: '', icon: LayoutDashboard, description: 'Students, applications and enrollments at a glance.' },
    { title: 'Students', path: 'students', icon: Users, description: "Students — every student account; edit a student's name, phone and address." },
    { title: 'Create', path: 'create', icon: UserPlus, description: 'Create — create a student, teacher or student admin account.' },
    { title: 'Prospective', path: 'prospective', icon: FileText, description: 'Prospective — the admission applications sent from the landing page.' },
    { title: 'Announcements', path: 'announcements', icon: Megaphone, description: 'Announcements — post to everyone, a program or the staff; edit or withdraw your posts.' },
    { title: 'Settings', path: 'settings', icon: Settings, description: 'Settings — your settings.' },
  ],
  // Issue 16: read-only questions to the event history.
  auditor: [
    { title: 'Overview', path: '', icon: LayoutDashboard, description: "The chain's state: head position and hash, the last verification." },
    { title: 'Event log', path: 'events', icon: ScrollText, description: 'Event log — every event by position, filtered by stream, type, context, actor, correlation and time.' },
    { title: 'Verify', path: 'verify', icon: ShieldCheck, description: 'Verify — check the whole hash chain and make signed checkpoints.' },
    { title: 'Replay', path: 'replay', icon: RotateCcw, description: 'Replay — rebuild every read model from the log into a scratch schema and compare it with the live tables.' },
    { title: 'Why', path: 'why', icon: Waypoints, description: "Why — the chain of events that produced a student's current week, an enrollment's status or a grade's status." },
    { title: 'Time travel', path: 'time-travel', icon: History, description: "Time travel — a subject's gradebook, a student's enrollment or the prospect pipeline as they stood on a past date." },
  ],
};

import type { Role } from '@academy/contracts';
import {
  BookOpen,
  CalendarCheck,
  CalendarClock,
  CalendarDays,
  CalendarOff,
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
}

/** Each role's side menu (spec §2), in the spec's order. */
export const DASHBOARD_MENUS: Record<Role, MenuEntry[]> = {
  student: [
    { title: 'Dashboard', path: '', icon: LayoutDashboard },
    { title: 'My Course', path: 'course', icon: GraduationCap },
    { title: 'Weekly Lessons', path: 'lessons', icon: BookOpen },
    { title: 'My Grades', path: 'grades', icon: ClipboardCheck },
    { title: 'Progress', path: 'progress', icon: TrendingUp },
    // Issue 31 §2: not in the spec's menu.
    { title: 'My Attendance', path: 'attendance', icon: CalendarCheck },
    // Not in the spec's menu: a student's password, sessions and mails (graded work, announcements) had no screen.
    { title: 'Settings', path: 'settings', icon: Settings },
  ],
  teacher: [
    { title: 'Dashboard', path: '', icon: LayoutDashboard },
    { title: 'My Subjects', path: 'subjects', icon: Library },
    { title: 'Weekly Content', path: 'weeks', icon: CalendarDays },
    { title: 'Submissions', path: 'submissions', icon: Inbox },
    // Issue 31 §2: not in the spec's menu.
    { title: 'Attendance', path: 'attendance', icon: CalendarCheck },
    { title: 'Announcements', path: 'announcements', icon: Megaphone },
    // Not in the spec's menu: a teacher's password, sessions and mails (new submissions, announcements) had no screen.
    { title: 'Settings', path: 'settings', icon: Settings },
  ],
  admin: [
    { title: 'Dashboard', path: '', icon: LayoutDashboard },
    { title: 'Programs', path: 'programs', icon: GraduationCap },
    { title: 'Subjects', path: 'subjects', icon: Library },
    { title: 'Users', path: 'users', icon: Users },
    { title: 'Create User', path: 'create-user', icon: UserPlus },
    { title: 'Prospective Students', path: 'prospective', icon: FileText },
    { title: 'Teacher Assignments', path: 'assignments', icon: UserCheck },
    { title: 'Enrollments', path: 'enrollments', icon: Layers },
    // Issue 31 §1: not in the spec's menu.
    { title: 'Schedules', path: 'schedules', icon: CalendarClock },
    { title: 'Holidays', path: 'holidays', icon: CalendarOff },
    { title: 'Announcements', path: 'announcements', icon: Megaphone },
    // Issue 17 §6 (ADR 0032): operations, not in the spec's menu.
    { title: 'Queues', path: 'queues', icon: ListRestart },
    { title: 'Settings', path: 'settings', icon: Settings },
  ],
  student_admin: [
    { title: 'Dashboard', path: '', icon: LayoutDashboard },
    { title: 'Students', path: 'students', icon: Users },
    { title: 'Create', path: 'create', icon: UserPlus },
    { title: 'Prospective', path: 'prospective', icon: FileText },
    { title: 'Announcements', path: 'announcements', icon: Megaphone },
    { title: 'Settings', path: 'settings', icon: Settings },
  ],
  // Issue 16: read-only questions to the event history.
  auditor: [
    { title: 'Overview', path: '', icon: LayoutDashboard },
    { title: 'Event log', path: 'events', icon: ScrollText },
    { title: 'Verify', path: 'verify', icon: ShieldCheck },
    { title: 'Replay', path: 'replay', icon: RotateCcw },
    { title: 'Why', path: 'why', icon: Waypoints },
    { title: 'Time travel', path: 'time-travel', icon: History },
  ],
};

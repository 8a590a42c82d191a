import { Migration } from '@mikro-orm/migrations';

export class Migration20261128132246_attendance extends Migration {

  override name = 'Migration20261128132246_attendance';

  override up(): void | Promise<void> {
    this.addSql(`create table "assignments" ("id" uuid not null, "teacher_id" uuid not null, "subject_id" uuid not null, primary key ("id"));`);
    this.addSql(`create index "assignments_teacher_idx" on "assignments" ("teacher_id", "subject_id");`);

    this.addSql(`create table "enrollments" ("id" uuid not null, "student_id" uuid not null, "program_id" uuid not null, "status" text not null, "current_week" int not null, "enrolled_at" timestamptz not null, "activated_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "enrollments_program_idx" on "enrollments" ("program_id", "status");`);
    this.addSql(`create index "enrollments_student_idx" on "enrollments" ("student_id", "status");`);

    this.addSql(`create table "marks" ("session_id" uuid not null, "student_id" uuid not null, "subject_id" uuid not null, "status" text not null, "note" text not null, "marked_at" timestamptz not null, primary key ("session_id", "student_id"));`);
    this.addSql(`create index "marks_student_idx" on "marks" ("student_id");`);
    this.addSql(`create index "marks_subject_idx" on "marks" ("subject_id");`);

    this.addSql(`create table "mark_changes" ("event_id" uuid not null, "session_id" uuid not null, "student_id" uuid not null, "status" text not null, "previous_status" text null, "note" text not null, "actor_id" uuid null, "at" timestamptz not null, primary key ("event_id"));`);
    this.addSql(`create index "mark_changes_session_idx" on "mark_changes" ("session_id", "at");`);
    this.addSql(`create index "mark_changes_student_idx" on "mark_changes" ("student_id");`);

    this.addSql(`create table "people" ("id" uuid not null, "role" text not null, "full_name" text null, "email" text null, primary key ("id"));`);

    this.addSql(`create table "programs" ("id" uuid not null, "name" text not null, "type" text not null, primary key ("id"));`);

    this.addSql(`create table "schedules" ("subject_id" uuid not null, "start_date" text not null, "weeks" int not null, "weekdays" jsonb not null, "start_time" text not null, "lecture_minutes" int not null, "support_minutes" int not null, "time_zone" text not null, primary key ("subject_id"));`);

    this.addSql(`create table "subjects" ("id" uuid not null, "program_id" uuid not null, "name" text not null, primary key ("id"));`);
    this.addSql(`create index "subjects_program_idx" on "subjects" ("program_id");`);

    this.addSql(`create table "sessions" ("id" uuid not null, "subject_id" uuid not null, "kind" text not null, "date" text not null, "week" int not null, "scheduled_starts_at" timestamptz not null, "starts_at" timestamptz not null, "ends_at" timestamptz not null, "status" text not null, "reason" text null, primary key ("id"));`);
    this.addSql(`create index "sessions_subject_idx" on "sessions" ("subject_id", "starts_at");`);

    this.addSql(`create table "filled_years" ("year" serial primary key);`);

    this.addSql(`create table "non_teaching_days" ("date" text not null, "name" text not null, "year" int not null, primary key ("date"));`);
    this.addSql(`create index "non_teaching_days_year_idx" on "non_teaching_days" ("year");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "assignments" cascade;`);
    this.addSql(`drop table if exists "enrollments" cascade;`);
    this.addSql(`drop table if exists "marks" cascade;`);
    this.addSql(`drop table if exists "mark_changes" cascade;`);
    this.addSql(`drop table if exists "people" cascade;`);
    this.addSql(`drop table if exists "programs" cascade;`);
    this.addSql(`drop table if exists "schedules" cascade;`);
    this.addSql(`drop table if exists "subjects" cascade;`);
    this.addSql(`drop table if exists "sessions" cascade;`);
    this.addSql(`drop table if exists "filled_years" cascade;`);
    this.addSql(`drop table if exists "non_teaching_days" cascade;`);
  }

}

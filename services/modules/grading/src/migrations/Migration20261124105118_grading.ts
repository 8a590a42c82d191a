import { Migration } from '@mikro-orm/migrations';

export class Migration20261124105118_grading extends Migration {

  override name = 'Migration20261124105118_grading';

  override up(): void | Promise<void> {
    this.addSql(`create table "assignments" ("id" uuid not null, "teacher_id" uuid not null, "subject_id" uuid not null, primary key ("id"));`);
    this.addSql(`create index "assignments_teacher_idx" on "assignments" ("teacher_id", "subject_id");`);

    this.addSql(`create table "enrollments" ("id" uuid not null, "student_id" uuid not null, "program_id" uuid not null, "status" text not null, "current_week" int not null, "enrolled_at" timestamptz not null, "activated_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "enrollments_student_idx" on "enrollments" ("student_id", "status");`);
    this.addSql(`create index "enrollments_program_idx" on "enrollments" ("program_id", "status");`);

    this.addSql(`create table "items" ("id" uuid not null, "kind" text not null, "week_id" uuid not null, "title" text not null, "day_number" int null, "due_at" timestamptz null, "removed" boolean not null, primary key ("id"));`);

    this.addSql(`create table "people" ("id" uuid not null, "role" text not null, "full_name" text null, "email" text null, primary key ("id"));`);

    this.addSql(`create table "programs" ("id" uuid not null, "name" text not null, "type" text not null, primary key ("id"));`);

    this.addSql(`create table "subjects" ("id" uuid not null, "program_id" uuid not null, "name" text not null, primary key ("id"));`);

    this.addSql(`create table "submissions" ("id" uuid not null, "stream_id" text not null, "student_id" uuid not null, "kind" text not null, "item_id" uuid not null, "week_id" uuid not null, "subject_id" uuid not null, "github_url" text not null, "notes" text not null, "submitted_at" timestamptz not null, "due_at" timestamptz null, "late" boolean not null, "attempt" int not null, "latest" boolean not null, "status" text null, "pending" boolean generated always as (status is null or status = 'pending') stored null, "score" numeric(5,2) null, "feedback" text null, "teacher_id" uuid null, "graded_at" timestamptz null, "version" int not null, primary key ("id"));`);
    this.addSql(`create index "submissions_stream_idx" on "submissions" ("stream_id");`);
    this.addSql(`create index "submissions_student_idx" on "submissions" ("student_id", "submitted_at" DESC);`);
    this.addSql(`create index "submissions_subject_idx" on "submissions" ("subject_id", "pending", "submitted_at" DESC, "id" DESC) where latest;`);

    this.addSql(`create table "weeks" ("id" uuid not null, "subject_id" uuid not null, "week_number" int not null, "is_published" boolean not null default false, primary key ("id"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "assignments" cascade;`);
    this.addSql(`drop table if exists "enrollments" cascade;`);
    this.addSql(`drop table if exists "items" cascade;`);
    this.addSql(`drop table if exists "people" cascade;`);
    this.addSql(`drop table if exists "programs" cascade;`);
    this.addSql(`drop table if exists "subjects" cascade;`);
    this.addSql(`drop table if exists "submissions" cascade;`);
    this.addSql(`drop table if exists "weeks" cascade;`);
  }

}

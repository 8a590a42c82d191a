import { Migration } from '@mikro-orm/migrations';

export class Migration20261124105101_learning extends Migration {

  override name = 'Migration20261124105101_learning';

  override up(): void | Promise<void> {
    this.addSql(`create table "assignments" ("id" uuid not null, "teacher_id" uuid not null, "subject_id" uuid not null, primary key ("id"));`);
    this.addSql(`create index "assignments_teacher_idx" on "assignments" ("teacher_id", "subject_id");`);

    this.addSql(`create table "capstones" ("id" uuid not null, "week_id" uuid not null, "title" text not null, "description" text not null, "instructions" text not null, "due_at" timestamptz null, primary key ("id"));`);
    this.addSql(`alter table "capstones" add constraint "capstones_week_id_key" unique ("week_id");`);

    this.addSql(`create table "enrollments" ("id" uuid not null, "student_id" uuid not null, "program_id" uuid not null, "status" text not null, "current_week" int not null, "enrolled_at" timestamptz not null, "activated_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "enrollments_student_idx" on "enrollments" ("student_id", "status");`);

    this.addSql(`create table "programs" ("id" uuid not null, "name" text not null, "type" text not null, primary key ("id"));`);

    this.addSql(`create table "subjects" ("id" uuid not null, "program_id" uuid not null, "name" text not null, primary key ("id"));`);
    this.addSql(`create index "subjects_program_idx" on "subjects" ("program_id");`);

    this.addSql(`create table "tasks" ("id" uuid not null, "week_id" uuid not null, "day_number" int not null, "title" text not null, "description" text not null, "instructions" text not null, "due_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "tasks_week_idx" on "tasks" ("week_id", "day_number");`);

    this.addSql(`create table "weeks" ("id" uuid not null, "subject_id" uuid not null, "week_number" int not null, "title" text not null, "objectives" text not null, "is_published" boolean not null default false, "created_at" timestamptz not null, "version" int not null, primary key ("id"));`);
    this.addSql(`alter table "weeks" add constraint "weeks_subject_id_week_number_key" unique ("subject_id", "week_number");`);

    this.addSql(`create table "work" ("student_id" uuid not null, "item_id" uuid not null, "submission_id" uuid not null, "github_url" text not null, "notes" text not null, "submitted_at" timestamptz not null, "late" boolean not null, "attempt" int not null, "grade_status" text null, "score" numeric(5,2) null, "feedback" text null, primary key ("student_id", "item_id"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "assignments" cascade;`);
    this.addSql(`drop table if exists "capstones" cascade;`);
    this.addSql(`drop table if exists "enrollments" cascade;`);
    this.addSql(`drop table if exists "programs" cascade;`);
    this.addSql(`drop table if exists "subjects" cascade;`);
    this.addSql(`drop table if exists "tasks" cascade;`);
    this.addSql(`drop table if exists "weeks" cascade;`);
    this.addSql(`drop table if exists "work" cascade;`);
  }

}

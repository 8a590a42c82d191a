import { Migration } from '@mikro-orm/migrations';

export class Migration20261124102033_catalog extends Migration {

  override name = 'Migration20261124102033_catalog';

  override up(): void | Promise<void> {
    this.addSql(`create table "assignments" ("id" uuid not null, "teacher_id" uuid not null, "subject_id" uuid not null, "assigned_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "assignments_teacher_idx" on "assignments" ("teacher_id");`);
    this.addSql(`create index "assignments_subject_idx" on "assignments" ("subject_id");`);

    this.addSql(`create table "enrollments" ("id" uuid not null, "student_id" uuid not null, "program_id" uuid not null, "subject_id" uuid not null, primary key ("id"));`);
    this.addSql(`create index "enrollments_student_idx" on "enrollments" ("student_id");`);
    this.addSql(`create index "enrollments_program_idx" on "enrollments" ("program_id");`);
    this.addSql(`create index "enrollments_subject_idx" on "enrollments" ("subject_id");`);

    this.addSql(`create table "people" ("id" uuid not null, "role" text not null, "full_name" text null, "email" text null, primary key ("id"));`);

    this.addSql(`create table "programs" ("id" uuid not null, "name" text not null, "type" text not null, "description" text not null, "created_at" timestamptz not null, primary key ("id"));`);

    this.addSql(`create table "subjects" ("id" uuid not null, "program_id" uuid not null, "name" text not null, "week_number" int null, "description" text not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "subjects_program_idx" on "subjects" ("program_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "assignments" cascade;`);
    this.addSql(`drop table if exists "enrollments" cascade;`);
    this.addSql(`drop table if exists "people" cascade;`);
    this.addSql(`drop table if exists "programs" cascade;`);
    this.addSql(`drop table if exists "subjects" cascade;`);
  }

}

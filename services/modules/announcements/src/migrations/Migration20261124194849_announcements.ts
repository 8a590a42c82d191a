import { Migration } from '@mikro-orm/migrations';

export class Migration20261124194849_announcements extends Migration {

  override name = 'Migration20261124194849_announcements';

  override up(): void | Promise<void> {
    this.addSql(`create table "announcements" ("id" uuid not null, "author_id" uuid not null, "author_role" text not null, "audience_kind" text not null, "audience" text not null, "title" text not null, "body" text not null, "recipients" int not null, "posted_at" timestamptz not null, "edited_at" timestamptz null, "withdrawn_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "announcements_author_idx" on "announcements" ("author_id", "posted_at");`);

    this.addSql(`create table "deliveries" ("user_id" uuid not null, "announcement_id" uuid not null, primary key ("user_id", "announcement_id"));`);

    this.addSql(`create table "assignments" ("id" uuid not null, "teacher_id" uuid not null, "subject_id" uuid not null, primary key ("id"));`);
    this.addSql(`create index "assignments_teacher_idx" on "assignments" ("teacher_id", "subject_id");`);

    this.addSql(`create table "enrollments" ("id" uuid not null, "student_id" uuid not null, "program_id" uuid not null, "status" text not null, "current_week" int not null, "enrolled_at" timestamptz not null, "activated_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "enrollments_program_idx" on "enrollments" ("program_id", "status");`);

    this.addSql(`create table "people" ("id" uuid not null, "role" text not null, "full_name" text null, primary key ("id"));`);
    this.addSql(`create index "people_role_idx" on "people" ("role");`);

    this.addSql(`create table "programs" ("id" uuid not null, "name" text not null, "type" text not null, primary key ("id"));`);

    this.addSql(`create table "subjects" ("id" uuid not null, "program_id" uuid not null, "name" text not null, primary key ("id"));`);
    this.addSql(`create index "subjects_program_idx" on "subjects" ("program_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "announcements" cascade;`);
    this.addSql(`drop table if exists "deliveries" cascade;`);
    this.addSql(`drop table if exists "assignments" cascade;`);
    this.addSql(`drop table if exists "enrollments" cascade;`);
    this.addSql(`drop table if exists "people" cascade;`);
    this.addSql(`drop table if exists "programs" cascade;`);
    this.addSql(`drop table if exists "subjects" cascade;`);
  }

}

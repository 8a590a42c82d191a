import { Migration } from '@mikro-orm/migrations';

export class Migration20261124101934_enrollment extends Migration {

  override name = 'Migration20261124101934_enrollment';

  override up(): void | Promise<void> {
    this.addSql(`create table "enrollments" ("id" uuid not null, "code" text not null, "student_id" uuid not null, "program_id" uuid not null, "subject_id" uuid not null, "status" text not null, "current_week" int not null, "enrolled_at" timestamptz not null, "activated_at" timestamptz null, "completed_at" timestamptz null, "version" int not null, primary key ("id"));`);
    this.addSql(`alter table "enrollments" add constraint "enrollments_code_key" unique ("code");`);
    this.addSql(`create index "enrollments_student_idx" on "enrollments" ("student_id", "program_id");`);
    this.addSql(`create index "enrollments_enrolled_at_idx" on "enrollments" ("enrolled_at" DESC);`);

    this.addSql(`create table "people" ("id" uuid not null, "role" text not null, "full_name" text null, "email" text null, primary key ("id"));`);
    this.addSql(`create index "people_email_idx" on "people" ("email");`);

    this.addSql(`create table "programs" ("id" uuid not null, "name" text not null, "type" text not null, "description" text not null, primary key ("id"));`);

    this.addSql(`create table "subjects" ("id" uuid not null, "program_id" uuid not null, "name" text not null, primary key ("id"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "enrollments" cascade;`);
    this.addSql(`drop table if exists "people" cascade;`);
    this.addSql(`drop table if exists "programs" cascade;`);
    this.addSql(`drop table if exists "subjects" cascade;`);
  }

}

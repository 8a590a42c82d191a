import { Migration } from '@mikro-orm/migrations';

export class Migration20261128131353_grading extends Migration {

  override name = 'Migration20261128131353_grading';

  override up(): void | Promise<void> {
    this.addSql(`create table "replies" ("id" uuid not null, "submission_id" uuid not null, "student_id" uuid not null, "seq" int not null, "author_id" uuid not null, "author_role" text not null, "text" text not null, "sent_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "replies_submission_idx" on "replies" ("submission_id", "seq");`);
    this.addSql(`create index "replies_student_idx" on "replies" ("student_id");`);

    this.addSql(`alter table "submissions" add "awaiting_reply" boolean not null default false;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "replies" cascade;`);

    this.addSql(`alter table "submissions" drop column "awaiting_reply";`);
  }

}

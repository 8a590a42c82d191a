import { Migration } from '@mikro-orm/migrations';

export class Migration20261128123702_grading extends Migration {

  override name = 'Migration20261128123702_grading';

  override up(): void | Promise<void> {
    this.addSql(`create table "extensions" ("student_id" uuid not null, "item_id" uuid not null, "due_at" timestamptz not null, "reason" text not null, "granted_by" uuid not null, "granted_at" timestamptz not null, primary key ("student_id", "item_id"));`);

    this.addSql(`alter table "items" add "late_policy" text not null default 'accept';`);

    this.addSql(`alter table "submissions" add "extended" boolean not null default false;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "extensions" cascade;`);

    this.addSql(`alter table "items" drop column "late_policy";`);

    this.addSql(`alter table "submissions" drop column "extended";`);
  }

}

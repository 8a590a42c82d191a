import { Migration } from '@mikro-orm/migrations';

export class Migration20261128123703_learning extends Migration {

  override name = 'Migration20261128123703_learning';

  override up(): void | Promise<void> {
    this.addSql(`create table "extensions" ("student_id" uuid not null, "item_id" uuid not null, "due_at" timestamptz not null, primary key ("student_id", "item_id"));`);

    this.addSql(`alter table "capstones" add "late_policy" text not null;`);

    this.addSql(`alter table "tasks" add "late_policy" text not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "extensions" cascade;`);

    this.addSql(`alter table "capstones" drop column "late_policy";`);

    this.addSql(`alter table "tasks" drop column "late_policy";`);
  }

}

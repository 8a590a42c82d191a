import { Migration } from '@mikro-orm/migrations';

export class Migration20261124101851_admissions extends Migration {

  override name = 'Migration20261124101851_admissions';

  override up(): void | Promise<void> {
    this.addSql(`create table "people" ("id" uuid not null, "full_name" text null, primary key ("id"));`);

    this.addSql(`create table "prospects" ("id" uuid not null, "kind" text not null, "first_name" text not null, "last_name" text not null, "name" text not null, "email" text not null, "phone" text not null, "course" text null, "message" text not null, "status" text not null, "applied_at" timestamptz not null, "status_changed_at" timestamptz null, "status_changed_by" uuid null, "student_id" uuid null, "version" int not null, "search" text not null, primary key ("id"));`);
    this.addSql(`create index "prospects_list_idx" on "prospects" ("kind", "applied_at" DESC);`);
    this.addSql(`create index "prospects_status_idx" on "prospects" ("kind", "status");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "people" cascade;`);
    this.addSql(`drop table if exists "prospects" cascade;`);
  }

}

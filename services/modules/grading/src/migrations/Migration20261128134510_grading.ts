import { Migration } from '@mikro-orm/migrations';

export class Migration20261128134510_grading extends Migration {

  override name = 'Migration20261128134510_grading';

  override up(): void | Promise<void> {
    this.addSql(`create table "rubrics" ("item_id" uuid not null, "version" int not null, "kind" text not null, "criteria" jsonb not null, "set_by" uuid not null, "set_at" timestamptz not null, primary key ("item_id", "version"));`);

    this.addSql(`alter table "submissions" add "rubric" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "rubrics" cascade;`);

    this.addSql(`alter table "submissions" drop column "rubric";`);
  }

}

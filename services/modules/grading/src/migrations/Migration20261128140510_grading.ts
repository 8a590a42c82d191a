import { Migration } from '@mikro-orm/migrations';

export class Migration20261128140510_grading extends Migration {

  override name = 'Migration20261128140510_grading';

  override up(): void | Promise<void> {
    this.addSql(`create table "rubric_templates" ("id" uuid not null, "name" text not null, "kind" text not null, "criteria" jsonb not null, "created_by" uuid not null, "created_at" timestamptz not null, primary key ("id"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "rubric_templates" cascade;`);
  }

}

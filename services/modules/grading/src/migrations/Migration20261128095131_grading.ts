import { Migration } from '@mikro-orm/migrations';

export class Migration20261128095131_grading extends Migration {

  override name = 'Migration20261128095131_grading';

  override up(): void | Promise<void> {
    this.addSql(`alter table "submissions" add "pin_state" text null, add "commit_sha" text null, add "pinned_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "submissions" drop column "pin_state", drop column "commit_sha", drop column "pinned_at";`);
  }

}

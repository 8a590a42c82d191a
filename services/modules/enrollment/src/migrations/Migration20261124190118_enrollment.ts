import { Migration } from '@mikro-orm/migrations';

export class Migration20261124190118_enrollment extends Migration {

  override name = 'Migration20261124190118_enrollment';

  override up(): void | Promise<void> {
    this.addSql(`create table "certificates" ("enrollment_id" uuid not null, "code" text not null, "student_id" uuid not null, "program_id" uuid not null, "activated_at" timestamptz null, "completed_at" timestamptz not null, "issued_at" timestamptz not null, "position" bigint not null, "hash" text not null, "revoked_at" timestamptz null, "revoked_reason" text null, primary key ("enrollment_id"));`);
    this.addSql(`alter table "certificates" add constraint "certificates_code_key" unique ("code");`);
    this.addSql(`create index "certificates_student_idx" on "certificates" ("student_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "certificates" cascade;`);
  }

}

import { Migration } from '@mikro-orm/migrations';

// What the Settings page shows per signed-in device: when it was last used (sign-in or refresh) and
// the browser that signed in (User-Agent, cut to 512 characters). Existing families count as used at their start.
export class Migration20261123030000_identity_session_metadata extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "identity_session_families" add column "user_agent" varchar(512) null;');
    this.addSql('alter table "identity_session_families" add column "last_used_at" timestamptz null;');
    this.addSql('update "identity_session_families" set "last_used_at" = "created_at";');
    this.addSql('alter table "identity_session_families" alter column "last_used_at" set default now(), alter column "last_used_at" set not null;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table "identity_session_families" drop column if exists "last_used_at";');
    this.addSql('alter table "identity_session_families" drop column if exists "user_agent";');
  }
}

import { Migration } from '@mikro-orm/migrations';

// Sessions are not domain facts (why: services/modules/identity/README.md): a plain table
// owned by the identity context. One family per sign-in; each refresh rotates to a new token row.
export class Migration20261123010000_identity_sessions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "identity_session_families" (
      "id" uuid not null primary key,
      "user_id" uuid not null,
      "created_at" timestamptz not null default now(),
      "revoked_at" timestamptz null,
      "revoked_reason" varchar(64) null
    );`);
    this.addSql('create index "identity_session_families_user_idx" on "identity_session_families" ("user_id") where "revoked_at" is null;');
    this.addSql(`create table "identity_refresh_tokens" (
      "token_hash" char(64) not null primary key,
      "family_id" uuid not null references "identity_session_families" ("id") on delete cascade,
      "created_at" timestamptz not null default now(),
      "expires_at" timestamptz not null,
      "rotated_at" timestamptz null
    );`);
    this.addSql('create index "identity_refresh_tokens_family_idx" on "identity_refresh_tokens" ("family_id");');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "identity_refresh_tokens";');
    this.addSql('drop table if exists "identity_session_families";');
  }
}

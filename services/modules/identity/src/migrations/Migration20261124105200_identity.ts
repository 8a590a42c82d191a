import { Migration } from '@mikro-orm/migrations';

export class Migration20261124105200_identity extends Migration {

  override name = 'Migration20261124105200_identity';

  override up(): void | Promise<void> {
    this.addSql(`create table "users" ("id" uuid not null, "email" text null, "email_hash" char(64) not null, "full_name" text null, "role" text not null, "self_registered" boolean not null, "verified" boolean not null, "verification_token_hash" char(64) null, "first_login_completed" boolean not null default false, "password_hash" text null, "phone" text null, "address" text null, "date_of_birth" date null, "emergency_contact_name" text null, "emergency_contact_phone" text null, "notification_preferences" jsonb null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "users" add constraint "users_email_key" unique ("email");`);
    this.addSql(`alter table "users" add constraint "users_email_hash_key" unique ("email_hash");`);
    this.addSql(`alter table "users" add constraint "users_verification_token_hash_key" unique ("verification_token_hash");`);
    this.addSql(`create index "users_role_idx" on "users" ("role");`);
    this.addSql(`create index "users_created_at_idx" on "users" ("created_at" DESC);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "users" cascade;`);
  }

}

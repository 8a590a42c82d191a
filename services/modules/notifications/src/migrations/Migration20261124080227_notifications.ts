import { Migration } from '@mikro-orm/migrations';

export class Migration20261124080227_notifications extends Migration {

  override name = 'Migration20261124080227_notifications';

  override up(): void | Promise<void> {
    this.addSql(`create table "inbox" ("user_id" uuid not null, "event_id" uuid not null, "position" bigint not null, "title" text not null, "body" text not null, "link" text null, "created_at" timestamptz not null, "read_at" timestamptz null, "about_subject" text null, "erased_body" text null, primary key ("user_id", "event_id"));`);
    this.addSql(`create index "inbox_about_idx" on "inbox" ("about_subject") where about_subject is not null;`);
    this.addSql(`create index "inbox_user_position_idx" on "inbox" ("user_id", "position" DESC);`);
    this.addSql(`create index "inbox_unread_idx" on "inbox" ("user_id") where read_at is null;`);

    this.addSql(`create table "recipients" ("user_id" uuid not null, "email" text not null, "full_name" text null, "role" text not null, "preferences" jsonb null, "created_at" timestamptz not null, primary key ("user_id"));`);
    this.addSql(`create index "recipients_role_idx" on "recipients" ("role");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "inbox" cascade;`);
    this.addSql(`drop table if exists "recipients" cascade;`);
  }

}

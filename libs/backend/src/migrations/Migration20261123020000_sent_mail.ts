import { Migration } from '@mikro-orm/migrations';

// One row per mail job that reached the SMTP server: a retried or re-added job with the same id
// finds it and does not send again. No recipient or subject here: those are personal data, which
// lives only in the (crypto-shredded) event log.
export class Migration20261123020000_sent_mail extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "sent_mail" (
      "job_id" varchar(255) not null primary key,
      "job_name" varchar(255) not null,
      "message_id" varchar(998) null,
      "sent_at" timestamptz not null default now()
    );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "sent_mail";');
  }
}

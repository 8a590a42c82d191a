import { Migration } from '@mikro-orm/migrations';

export class Migration20261122120000_worker_heartbeat extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "worker_heartbeat" (
      "worker_id" varchar(255) not null primary key,
      "hostname" varchar(255) not null,
      "pid" int not null,
      "started_at" timestamptz not null,
      "last_seen_at" timestamptz not null,
      "jobs_processed" int not null default 0
    );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "worker_heartbeat";');
  }
}

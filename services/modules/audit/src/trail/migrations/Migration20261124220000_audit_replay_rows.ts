import { Migration } from '@mikro-orm/migrations';

// The differing rows of the last replay (ADR 0034): not events, because they are copies of read-model
// rows that may hold personal data in clear, which the log keeps only encrypted per subject.
export class Migration20261124220000_audit_replay_rows extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "audit_replay_rows" (
      "request_id" text not null,
      "projection" text not null,
      "table_name" text not null,
      "side" text not null check ("side" in ('live-only', 'replay-only')),
      "ordinal" int not null,
      "row" jsonb not null,
      primary key ("request_id", "projection", "table_name", "side", "ordinal")
    );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "audit_replay_rows";');
  }
}

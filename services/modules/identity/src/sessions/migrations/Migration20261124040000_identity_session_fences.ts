import { Migration } from '@mikro-orm/migrations';

// Session fences (ADR 0012, amending 0009). A command that ends sessions answers only once every API
// process that may answer from memory has heard it:
// - every listening API process keeps a row here, renewed about once a second on its LISTEN
//   connection ("beat"), with the highest fence it has heard;
// - a fence is a number from identity_session_fence sent as NOTIFY academy_session_ended 'fence:<n>'
//   after the revocation committed; the command waits until every row that beat recently has heard ≥ n.
export class Migration20261124040000_identity_session_fences extends Migration {
  override async up(): Promise<void> {
    this.addSql('create sequence "identity_session_fence";');
    // Unlogged: rows of running processes only; a beat commits without a WAL flush, and after a crash
    // the table starts empty (every process then registers afresh and forgets what it remembered).
    this.addSql(`create unlogged table "identity_session_listeners" (
      "id" uuid not null primary key,
      "process" varchar(255) not null,
      "heard" bigint not null,
      "beat_at" timestamptz not null default now()
    );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "identity_session_listeners";');
    this.addSql('drop sequence if exists "identity_session_fence";');
  }
}

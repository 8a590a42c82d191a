import { Migration } from '@mikro-orm/migrations';

// Every API process remembers the session families it saw live (identity's LiveSessions, ADR 0009).
// When a family is revoked or deleted, whichever process did it, this tells all of them at commit:
// NOTIFY academy_session_ended with the family's id.
export class Migration20261123040000_identity_session_notify extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function "identity_session_ended"() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    perform pg_notify('academy_session_ended', old.id::text);
    return old;
  end if;
  if new.revoked_at is not null and old.revoked_at is null then
    perform pg_notify('academy_session_ended', new.id::text);
  end if;
  return new;
end $$;`);
    this.addSql(
      'create trigger "identity_session_ended" after update of "revoked_at" or delete on "identity_session_families" for each row execute function "identity_session_ended"();',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists "identity_session_ended" on "identity_session_families";');
    this.addSql('drop function if exists "identity_session_ended"();');
  }
}

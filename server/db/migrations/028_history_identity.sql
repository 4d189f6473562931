-- A history to take to an auditor: each entry names its author as an administrator vetted them,
-- nobody the server connects as can change or remove an entry, and a hash chain over the entries
-- shows that none was changed, removed or slipped in since (`npm run audit:verify`).

-- 1. Who made a change. An entry kept the name from the author's profile, which the author edits:
-- an editor who renamed themself "Admin" wrote entries that read "Admin". An account snapshot is
-- the account as it was registered or as an administrator last changed it (a role, disabling):
-- the identity someone vetted. An account's own edits of its name or e-mail take none.
-- Snapshots are never changed or removed, so an entry's snapshot says forever who wrote it.
-- No foreign key to users: an account may be deleted, its snapshots (and entries) stay.
CREATE TABLE account_snapshots (
  id         integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id integer NOT NULL,
  name       text NOT NULL,
  email      text NOT NULL,
  role       text,
  disabled   boolean NOT NULL,
  taken_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_snapshots_account_idx ON account_snapshots (account_id, id);
CREATE TRIGGER account_snapshots_append_only BEFORE UPDATE OR DELETE ON account_snapshots
  FOR EACH ROW EXECUTE FUNCTION refuse_history_change();
CREATE TRIGGER account_snapshots_never_emptied BEFORE TRUNCATE ON account_snapshots
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_history_change();

-- The accounts as they are now are the best identity known for the entries to come; the entries
-- written before keep the name they were written with.
INSERT INTO account_snapshots (account_id, name, email, role, disabled)
SELECT id, name, email, role, disabled FROM users ORDER BY id;

-- Every new account, however it is made (a registration, the seed, an import): once per statement,
-- so a bulk load of app users does not call a function per row.
CREATE FUNCTION snapshot_new_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_snapshots (account_id, name, email, role, disabled)
  SELECT id, name, email, role, disabled FROM added ORDER BY id;
  RETURN NULL;
END
$$;
CREATE TRIGGER users_snapshot_new AFTER INSERT ON users
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION snapshot_new_accounts();

-- A change of role or of disabled is an administrator's (PUT /accounts/{id}, or a revert of one):
-- the account as it then is, its name included, is what they vetted. Per row and only for those
-- columns: users is updated on every sign-in and request (last_active_at), which must not pay for
-- it, and a trigger with a column list cannot have transition tables.
CREATE FUNCTION snapshot_vetted_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_snapshots (account_id, name, email, role, disabled)
  VALUES (NEW.id, NEW.name, NEW.email, NEW.role, NEW.disabled);
  RETURN NULL;
END
$$;
CREATE TRIGGER users_snapshot_vetted AFTER UPDATE OF role, disabled ON users
  FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.disabled IS DISTINCT FROM NEW.disabled)
  EXECUTE FUNCTION snapshot_vetted_account();

-- An entry's author: actor_id, and the snapshot whose name it shows. Set by the database as the
-- entry is inserted, whatever the statement gave: every way an entry is written (a transaction's
-- entry, a one-statement write's entry in the inbox, an account event, a move from the inbox)
-- names its author the same way. A move from the inbox keeps the snapshot the entry was written
-- with (one of the author's own); anything else takes the author's latest. An author with no
-- snapshot (an id that is no account) keeps the name given.
ALTER TABLE audit_entries ADD COLUMN actor_snapshot_id integer;
ALTER TABLE audit_inbox ADD COLUMN actor_snapshot_id integer;

CREATE FUNCTION name_vetted_actor() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  snapshot_id integer;
  vetted_name text;
BEGIN
  IF NEW.actor_snapshot_id IS NOT NULL THEN
    SELECT id, name INTO snapshot_id, vetted_name FROM account_snapshots
     WHERE id = NEW.actor_snapshot_id AND account_id = NEW.actor_id;
  END IF;
  IF snapshot_id IS NULL THEN
    SELECT id, name INTO snapshot_id, vetted_name FROM account_snapshots
     WHERE account_id = NEW.actor_id ORDER BY id DESC LIMIT 1;
  END IF;
  NEW.actor_snapshot_id := snapshot_id;
  NEW.actor_name := coalesce(vetted_name, NEW.actor_name);
  RETURN NEW;
END
$$;
CREATE TRIGGER audit_entries_vetted_actor BEFORE INSERT ON audit_entries
  FOR EACH ROW EXECUTE FUNCTION name_vetted_actor();
CREATE TRIGGER audit_inbox_vetted_actor BEFORE INSERT ON audit_inbox
  FOR EACH ROW EXECUTE FUNCTION name_vetted_actor();

-- 2. A hash chain over the stored entries. Each link holds an entry's place in the chain, the hash
-- of the link before it (32 zero bytes before the first) and its own hash: sha256 of the previous
-- hash followed by the entry's canonical text (audit_entry_text). Changing, removing or inserting
-- an entry anywhere but at the end breaks the chain from there on; `npm run audit:verify` walks it.
-- The links are a table of their own rather than columns of the entry: they are written as the
-- entry's transaction commits (below), after the entry itself, which is never updated.
CREATE TABLE audit_chain (
  position  bigint PRIMARY KEY,
  entry_id  integer NOT NULL UNIQUE,
  prev_hash bytea NOT NULL,
  hash      bytea NOT NULL
);
CREATE TRIGGER audit_chain_append_only BEFORE UPDATE OR DELETE ON audit_chain
  FOR EACH ROW EXECUTE FUNCTION refuse_history_change();
CREATE TRIGGER audit_chain_never_emptied BEFORE TRUNCATE ON audit_chain
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_history_change();

-- One row, locked by every transaction that adds links, so links are added one transaction at a
-- time and each continues from the last one committed. It is never updated (the chain's head is
-- its last link): a row updated per link would leave a version per link of a long transaction to
-- step over.
CREATE TABLE audit_chain_head (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  genesis  bytea NOT NULL
);
INSERT INTO audit_chain_head (genesis) VALUES (decode(repeat('00', 32), 'hex'));

-- An entry's stored fields as one text, the same in every session: a JSON array (jsonb's text is
-- canonical) of id, at in UTC to the microsecond, actor_id, actor_snapshot_id, actor_name, action,
-- effect, entity, entity_id, label, changes, reason and reverts. scripts/audit-verify.ts computes
-- it with SQL of its own (server/repositories/audit/chain.ts), not with this function.
CREATE FUNCTION audit_entry_text(e audit_entries) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_array(e.id, to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
                           e.actor_id, e.actor_snapshot_id, e.actor_name, e.action, e.effect,
                           e.entity, e.entity_id, e.label, e.changes, e.reason, e.reverts)::text
$$;

-- The entries stored so far, chained in id order.
DO $$
DECLARE
  e audit_entries;
  place bigint := 0;
  previous bytea := (SELECT genesis FROM audit_chain_head);
  linked bytea;
BEGIN
  FOR e IN SELECT * FROM audit_entries ORDER BY id LOOP
    place := place + 1;
    linked := sha256(previous || convert_to(audit_entry_text(e), 'UTF8'));
    INSERT INTO audit_chain (position, entry_id, prev_hash, hash) VALUES (place, e.id, previous, linked);
    previous := linked;
  END LOOP;
END
$$;

-- Links an entry as its transaction commits (a deferred trigger), so the head's lock is held for
-- the commit alone: not for the rest of a transaction of several statements, nor for an impact
-- preview, which writes its entries in a transaction it then rolls back and so never links them.
-- The first link of a transaction locks the head row, then reads the last link committed (a read
-- committed transaction sees what the previous holder committed); the next ones continue from a
-- transaction-local setting that names this transaction, so a batch (the inbox's move) reads
-- nothing more. An entry's chain order is the order its transaction committed in.
CREATE FUNCTION link_audit_entry() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kept text[] := string_to_array(current_setting('medref.audit_chain_last', true), ':');
  place bigint;
  previous bytea;
  linked bytea;
BEGIN
  IF kept[1] IS NOT NULL AND kept[1] = pg_current_xact_id()::text THEN
    place := kept[2]::bigint;
    previous := decode(kept[3], 'hex');
  ELSE
    -- A repeatable read transaction would read the chain as it was when it began: refused rather
    -- than fork the chain (its commit would fail on audit_chain's primary key anyway).
    IF current_setting('transaction_isolation') <> 'read committed' THEN
      RAISE EXCEPTION 'History entries are written in read committed transactions only';
    END IF;
    PERFORM 1 FROM audit_chain_head FOR UPDATE;
    SELECT c.position, c.hash INTO place, previous FROM audit_chain c ORDER BY c.position DESC LIMIT 1;
    IF NOT FOUND THEN
      SELECT 0, h.genesis INTO place, previous FROM audit_chain_head h;
    END IF;
  END IF;
  linked := sha256(previous || convert_to(audit_entry_text(NEW), 'UTF8'));
  INSERT INTO audit_chain (position, entry_id, prev_hash, hash)
  VALUES (place + 1, NEW.id, previous, linked);
  PERFORM set_config('medref.audit_chain_last',
                     concat_ws(':', pg_current_xact_id()::text, place + 1, encode(linked, 'hex')), true);
  RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER audit_entries_chain AFTER INSERT ON audit_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION link_audit_entry();

-- 3. Append-only by privilege too, beside the triggers (027): the role the server connects as
-- owns the schema (server/db/embedded.ts makes it so, without superuser rights), and an owner's
-- privileges bind once revoked. Entries are still inserted and read. A superuser ignores this,
-- which is why the server should not connect as one: a superuser could rewrite the history. The
-- inbox keeps its UPDATE and DELETE: moving an entry locks and deletes it there.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN
    SELECT c.oid::regclass AS name, pg_get_userbyid(c.relowner) AS owner
      FROM pg_class c
     WHERE c.oid IN ('audit_entries'::regclass, 'audit_chain'::regclass,
                     'account_snapshots'::regclass)
  LOOP
    EXECUTE format('REVOKE UPDATE, DELETE, TRUNCATE ON %s FROM PUBLIC, %I', t.name, t.owner);
  END LOOP;
END
$$;

-- Account security: device cookies for sign-in, a forced new password after a promotion, and
-- history entries for account events.

-- Secrets the server keeps in the database, so that every instance on it shares them. The device
-- cookie's HMAC key is made here, once: two random UUIDs (gen_random_uuid draws from PostgreSQL's
-- strong random source, and needs no extension) give 244 random bits. Never answered nor logged.
CREATE TABLE server_secrets (
  name       text PRIMARY KEY,
  value      bytea NOT NULL CHECK (octet_length(value) >= 16),
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO server_secrets (name, value)
VALUES ('device_cookie', uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()));

-- An app user (role `user`) given a console role signs in with a password others may know (the
-- demo accounts' is published): until they choose a new one, their token only changes it.
ALTER TABLE users ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;

-- Account events are history entries of their own kinds: a password changed or reset, a reset link
-- made by an administrator, sessions ended. Their `effect` stays `update` (of the account); they
-- hold no secret, and are never reverted.
ALTER TABLE audit_entries DROP CONSTRAINT audit_entries_action_check;
ALTER TABLE audit_entries ADD CONSTRAINT audit_entries_action_check CHECK (action IN (
  'create', 'update', 'delete', 'revert',
  'password_change', 'password_reset', 'reset_link', 'sessions_end'));

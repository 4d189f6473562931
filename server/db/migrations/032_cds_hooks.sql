-- CDS Hooks: the EHRs that call the medication safety service (API clients), the cards the
-- service answered with, and the feedback the EHRs send about them.

-- An EHR's credentials. Only the secret's SHA-256 is stored (as for sessions): the secret is
-- shown once, when the client is made. A revoked client keeps its row, so the cards it was sent
-- and their feedback still name it.
CREATE TABLE api_clients (
  id           serial PRIMARY KEY,
  name         text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
  secret_hash  bytea NOT NULL UNIQUE,
  created_by   integer REFERENCES users (id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at   timestamptz
);

-- Every card answered, with the rule that fired it: feedback names the card by its uuid only,
-- and the Alerts card counts per rule. `rule_kind` and `record_id` name the record the rule lives
-- on (an interaction, a dosage, a medication...), or 'not_checked' with no record.
CREATE TABLE cds_cards (
  uuid        uuid PRIMARY KEY,
  client_id   integer NOT NULL REFERENCES api_clients (id) ON DELETE CASCADE,
  hook        text NOT NULL,
  hook_instance text NOT NULL,
  rule_label  text NOT NULL,
  rule_kind   text NOT NULL,
  record_id   integer,
  medication_id integer,
  severity    text CHECK (severity IN ('minor', 'moderate', 'major', 'contraindicated')),
  indicator   text NOT NULL CHECK (indicator IN ('info', 'warning', 'critical')),
  summary     text NOT NULL,
  release     integer,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cds_cards_rule_idx ON cds_cards (rule_kind, record_id);

CREATE TABLE cds_feedback (
  id                   serial PRIMARY KEY,
  card_uuid            uuid NOT NULL REFERENCES cds_cards (uuid) ON DELETE CASCADE,
  client_id            integer NOT NULL REFERENCES api_clients (id) ON DELETE CASCADE,
  outcome              text NOT NULL CHECK (outcome IN ('accepted', 'overridden')),
  override_code        text,
  override_system      text,
  override_display     text,
  override_comment     text,
  outcome_at           timestamptz NOT NULL,
  received_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cds_feedback_card_idx ON cds_feedback (card_uuid);

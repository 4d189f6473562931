-- The reference data, the accounts, and the activity of the users who search it.
-- Units are stored lowercase. Ranges are checked by the API, not here, so that the
-- data-quality report can find bad rows that were imported or loaded before validation.

CREATE TABLE users (
  id             serial PRIMARY KEY,
  name           text NOT NULL,
  email          text NOT NULL,
  password_hash  text NOT NULL,
  role           text NOT NULL DEFAULT 'user' CHECK (role IN ('admin', 'user')),
  created_at     timestamptz NOT NULL DEFAULT now(),
  last_active_at timestamptz
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE auth_tokens (
  id           serial PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash   bytea NOT NULL UNIQUE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz
);
CREATE INDEX auth_tokens_user_idx ON auth_tokens (user_id);

CREATE TABLE password_resets (
  id         serial PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash bytea NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);

CREATE TABLE auth_attempts (
  id           bigserial PRIMARY KEY,
  key          text NOT NULL,
  attempted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_attempts_key_idx ON auth_attempts (key, attempted_at);

CREATE TABLE conditions (
  id          serial PRIMARY KEY,
  name        text NOT NULL,
  description text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX conditions_name_key ON conditions (lower(name));

CREATE TABLE age_categories (
  id            serial PRIMARY KEY,
  min_age       double precision NOT NULL CHECK (min_age >= 0),
  max_age       double precision NOT NULL CHECK (max_age >= 0),
  age_unit      text NOT NULL CHECK (age_unit IN ('years', 'months', 'days')),
  category_name text CHECK (category_name IN ('Adult', 'Pediatric', 'Geriatric')),
  description   text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE weight_categories (
  id            serial PRIMARY KEY,
  min_weight    double precision NOT NULL CHECK (min_weight >= 0),
  max_weight    double precision NOT NULL CHECK (max_weight >= 0),
  weight_unit   text NOT NULL CHECK (weight_unit IN ('kg', 'lbs')),
  category_name text NOT NULL CHECK (category_name IN ('Underweight', 'Normal', 'Overweight', 'Obese')),
  description   text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE medications (
  id                     serial PRIMARY KEY,
  name                   text NOT NULL,
  condition_id           integer NOT NULL REFERENCES conditions (id) ON DELETE RESTRICT,
  is_dosage_weight_based boolean NOT NULL,
  avg_weight_dosage      double precision CHECK (avg_weight_dosage >= 0),
  avg_weight_dosage_unit text NOT NULL DEFAULT 'mg' CHECK (avg_weight_dosage_unit IN ('mg', 'ml', 'g', 'mcg')),
  pregnancy_category     text CHECK (pregnancy_category IN ('A', 'B', 'C', 'D', 'X')),
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX medications_condition_idx ON medications (condition_id);
CREATE INDEX medications_name_idx ON medications (lower(name));

CREATE TABLE medication_contraindications (
  medication_id integer NOT NULL REFERENCES medications (id) ON DELETE CASCADE,
  condition_id  integer NOT NULL REFERENCES conditions (id) ON DELETE RESTRICT,
  PRIMARY KEY (medication_id, condition_id)
);
CREATE INDEX medication_contraindications_condition_idx ON medication_contraindications (condition_id);

CREATE TABLE weight_category_dosages (
  id                 serial PRIMARY KEY,
  medication_id      integer NOT NULL REFERENCES medications (id) ON DELETE CASCADE,
  weight_category_id integer NOT NULL REFERENCES weight_categories (id) ON DELETE RESTRICT,
  min_dosage         double precision NOT NULL,
  max_dosage         double precision NOT NULL,
  dosage_unit        text NOT NULL CHECK (dosage_unit IN ('mg', 'ml', 'g', 'mcg')),
  min_frequency      double precision NOT NULL,
  max_frequency      double precision NOT NULL,
  frequency_unit     text NOT NULL CHECK (frequency_unit IN ('hours', 'days', 'weeks', 'months')),
  min_duration       double precision NOT NULL,
  max_duration       double precision NOT NULL,
  duration_unit      text NOT NULL CHECK (duration_unit IN ('hours', 'days', 'weeks', 'months')),
  created_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (medication_id, weight_category_id)
);
CREATE INDEX weight_category_dosages_category_idx ON weight_category_dosages (weight_category_id);

CREATE TABLE age_category_dosages (
  id              serial PRIMARY KEY,
  medication_id   integer NOT NULL REFERENCES medications (id) ON DELETE CASCADE,
  age_category_id integer NOT NULL REFERENCES age_categories (id) ON DELETE RESTRICT,
  min_dosage      double precision NOT NULL,
  max_dosage      double precision NOT NULL,
  dosage_unit     text NOT NULL CHECK (dosage_unit IN ('mg', 'ml', 'g', 'mcg')),
  min_frequency   double precision NOT NULL,
  max_frequency   double precision NOT NULL,
  frequency_unit  text NOT NULL CHECK (frequency_unit IN ('hours', 'days', 'weeks', 'months')),
  min_duration    double precision NOT NULL,
  max_duration    double precision NOT NULL,
  duration_unit   text NOT NULL CHECK (duration_unit IN ('hours', 'days', 'weeks', 'months')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (medication_id, age_category_id)
);
CREATE INDEX age_category_dosages_category_idx ON age_category_dosages (age_category_id);

CREATE TABLE lifestyles (
  id         serial PRIMARY KEY,
  name       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX lifestyles_name_key ON lifestyles (lower(name));

CREATE TABLE lifestyle_contraindications (
  id            serial PRIMARY KEY,
  medication_id integer NOT NULL REFERENCES medications (id) ON DELETE CASCADE,
  lifestyle_id  integer NOT NULL REFERENCES lifestyles (id) ON DELETE RESTRICT,
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (medication_id, lifestyle_id)
);
CREATE INDEX lifestyle_contraindications_lifestyle_idx ON lifestyle_contraindications (lifestyle_id);

CREATE TABLE drug_interactions (
  id                        serial PRIMARY KEY,
  medication_id             integer NOT NULL REFERENCES medications (id) ON DELETE CASCADE,
  interacting_medication_id integer NOT NULL REFERENCES medications (id) ON DELETE CASCADE,
  severity                  text NOT NULL CHECK (severity IN ('minor', 'moderate', 'major', 'contraindicated')),
  description               text NOT NULL,
  is_allergen               boolean NOT NULL DEFAULT false,
  created_at                timestamptz NOT NULL DEFAULT now(),
  updated_at                timestamptz NOT NULL DEFAULT now(),
  CHECK (medication_id <> interacting_medication_id)
);
-- One interaction per pair, whichever order it was entered in.
CREATE UNIQUE INDEX drug_interactions_pair_key
  ON drug_interactions (least(medication_id, interacting_medication_id), greatest(medication_id, interacting_medication_id));
CREATE INDEX drug_interactions_interacting_idx ON drug_interactions (interacting_medication_id);

CREATE TABLE drugs (
  id                serial PRIMARY KEY,
  name              text NOT NULL,
  description       text NOT NULL,
  dosage            text NOT NULL,
  side_effects      text[] NOT NULL,
  contraindications text[] NOT NULL,
  category          text NOT NULL,
  manufacturer      text NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);

-- A user's look-ups of a medication; the name is kept so history survives a delete.
CREATE TABLE search_history (
  id            serial PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  medication_id integer REFERENCES medications (id) ON DELETE SET NULL,
  drug_name     text NOT NULL,
  searched_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX search_history_user_idx ON search_history (user_id, searched_at DESC);
CREATE INDEX search_history_searched_idx ON search_history (searched_at DESC);
CREATE INDEX search_history_medication_idx ON search_history (medication_id);

-- The reference lists are searched, sorted and paged by the server: `q` matches words inside the
-- searched texts (ILIKE '%word%'), which trigram indexes serve; each sort order with its id
-- tie-breaker can be read off an index, so a page is found without sorting the whole table.
-- pg_trgm is a trusted extension: the database's owner (the application role) may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX conditions_search_trgm_idx ON conditions
  USING gin (name gin_trgm_ops, description gin_trgm_ops);
CREATE INDEX lifestyles_name_trgm_idx ON lifestyles USING gin (name gin_trgm_ops);
CREATE INDEX drugs_search_trgm_idx ON drugs
  USING gin (name gin_trgm_ops, category gin_trgm_ops, manufacturer gin_trgm_ops,
             dosage gin_trgm_ops, description gin_trgm_ops);
CREATE INDEX age_categories_search_trgm_idx ON age_categories
  USING gin (category_name gin_trgm_ops, age_unit gin_trgm_ops, description gin_trgm_ops);
CREATE INDEX weight_categories_search_trgm_idx ON weight_categories
  USING gin (category_name gin_trgm_ops, weight_unit gin_trgm_ops, description gin_trgm_ops);
CREATE INDEX medications_name_trgm_idx ON medications USING gin (name gin_trgm_ops);
CREATE INDEX drug_interactions_description_trgm_idx ON drug_interactions
  USING gin (description gin_trgm_ops);

-- Medication names are not unique: the id breaks ties inside the index (replaces the name index).
CREATE INDEX medications_name_id_idx ON medications (lower(name), id);
DROP INDEX medications_name_idx;
CREATE INDEX medications_condition_id_idx ON medications (condition_id, id);
DROP INDEX medications_condition_idx;
CREATE INDEX medications_created_idx ON medications (created_at, id);
CREATE INDEX medications_updated_idx ON medications (updated_at, id);

-- Interactions by either side's medication (a page sorted by name reads the medications in name
-- order and their interactions in id order), by severity from the mildest, and by date added.
DROP INDEX drug_interactions_medication_idx;
CREATE INDEX drug_interactions_medication_idx ON drug_interactions (medication_id, id);
DROP INDEX drug_interactions_interacting_idx;
CREATE INDEX drug_interactions_interacting_idx ON drug_interactions (interacting_medication_id, id);
CREATE INDEX drug_interactions_severity_idx ON drug_interactions
  (array_position('{minor,moderate,major,contraindicated}'::text[], severity), id);
CREATE INDEX drug_interactions_created_idx ON drug_interactions (created_at, id);

-- The wider unit lists, lowercase (as the contract's FrequencyUnit and DurationUnit):
-- frequencies also in x daily/weekly/monthly/yearly, times/day/week/month/year and every day;
-- durations also every day. The forms keep offering the narrower lists; the data may hold any.
ALTER TABLE weight_category_dosages
  DROP CONSTRAINT weight_category_dosages_frequency_unit_check,
  ADD CONSTRAINT weight_category_dosages_frequency_unit_check CHECK (frequency_unit IN (
    'hours', 'days', 'weeks', 'months', 'x daily', 'x weekly', 'x monthly', 'x yearly',
    'times/day', 'times/week', 'times/month', 'times/year', 'every day')),
  DROP CONSTRAINT weight_category_dosages_duration_unit_check,
  ADD CONSTRAINT weight_category_dosages_duration_unit_check CHECK (duration_unit IN (
    'hours', 'days', 'weeks', 'months', 'every day'));

ALTER TABLE age_category_dosages
  DROP CONSTRAINT age_category_dosages_frequency_unit_check,
  ADD CONSTRAINT age_category_dosages_frequency_unit_check CHECK (frequency_unit IN (
    'hours', 'days', 'weeks', 'months', 'x daily', 'x weekly', 'x monthly', 'x yearly',
    'times/day', 'times/week', 'times/month', 'times/year', 'every day')),
  DROP CONSTRAINT age_category_dosages_duration_unit_check,
  ADD CONSTRAINT age_category_dosages_duration_unit_check CHECK (duration_unit IN (
    'hours', 'days', 'weeks', 'months', 'every day'));

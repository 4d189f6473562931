-- A text value in a CSV export, made safe for spreadsheets: one that a spreadsheet would run as a
-- formula (it starts with =, +, -, @, a tab or a carriage return) gets a leading '. The exports
-- used regexp_replace for this, which cost more than the rest of the export. The planner inlines
-- this plain SQL function where its argument is a column or an aggregate; given
-- a subquery, it calls the function instead, which costs more than regexp_replace did.
CREATE FUNCTION csv_text(v text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE WHEN left(v, 1) IN ('=', '+', '-', '@', E'\t', E'\r') THEN '''' || v ELSE v END;

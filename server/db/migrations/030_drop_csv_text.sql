-- CSV exports are encoded by the server's one CSV encoder, which quotes every text and makes a
-- formula inert after every separator too; the SQL guard it replaced has no caller left.
DROP FUNCTION IF EXISTS csv_text(text);

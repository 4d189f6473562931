-- A write of one record and its history entry are one statement (server/repositories/audit.ts,
-- writeWithEntry), which reads the record as it was and as it is from the write itself:
-- RETURNING old and new, which PostgreSQL has from version 18 on. The embedded server is 18; a
-- DATABASE_URL server older than that stops the start here, with this message, rather than
-- failing every such write.
DO $$
BEGIN
  IF current_setting('server_version_num')::int < 180000 THEN
    RAISE EXCEPTION 'MedRef Admin needs PostgreSQL 18 or newer (for RETURNING old and new); this server runs %',
      current_setting('server_version');
  END IF;
END
$$;

-- The history's counts (migration 007, sharded in 010) move in the statement that writes the
-- entries, no longer in a trigger: every statement that inserts history entries is built from one
-- fragment in server/repositories/audit.ts (ENTRY_INSERT with COUNT_ENTRIES), which moves the
-- counts by what it inserted, in the same statement and so in the same transaction. The
-- statement-level trigger cost each audited write a PL/pgSQL call over a transition table, a
-- large part of the time its history entry added. Entries inserted by other means
-- (a bulk import, a test's fixture) must move the counts themselves.
DROP TRIGGER audit_entries_count ON audit_entries;
DROP FUNCTION count_audit_entries();

import type { GuardedDelete } from '../lib/usage';

/** The tables whose records are deleted only while nothing uses them (lib/usage.ts). */
type GuardedTable =
  | 'conditions'
  | 'lifestyles'
  | 'age_categories'
  | 'weight_categories'
  | 'drug_classes'
  | 'ingredients'
  | 'renal_categories';

/**
 * The statements of a guarded delete of a record of `table`: lock it (SELECT ... FOR UPDATE; false
 * when there is none), name what still uses it (`usedBy`), delete it.
 */
export function guardedDelete(table: GuardedTable, usedBy: GuardedDelete['usedBy']): GuardedDelete {
  return {
    async lock(db, id) {
      const { rowCount } = await db.query(`SELECT id FROM ${table} WHERE id = $1 FOR UPDATE`, [id]);
      return rowCount === 1;
    },
    usedBy,
    async remove(db, id) {
      const { rowCount } = await db.query(`DELETE FROM ${table} WHERE id = $1`, [id]);
      return rowCount === 1;
    },
  };
}

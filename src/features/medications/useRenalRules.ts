import { useListRenalRulesQuery } from '@/api';

/**
 * A medication's renal rules (`GET /renal-rule?medication_id=`), by category from the highest
 * eGFR: a rule list, so any change to a rule or a renal category refreshes it through the cache's
 * tags.
 */
export function useMedicationRenalRules(id: number) {
  const query = useListRenalRulesQuery({ medicationId: id });
  return { rules: query.data?.data, error: query.error };
}

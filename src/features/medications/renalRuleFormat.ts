import type { RenalRule } from '@/api';
import { capitalize } from '@/components/crud/format';
import { renalCategoryLabel } from '@/features/categories';
import { NONE, rangeText } from './medicationFormat';

/** How a renal rule reads in the medication's Renal Rules grid. */

/** The category the rule is for: 'G4 (15 - 30 mL/min/1.73 m²)'. */
export function renalRuleCategoryText(rule: Pick<RenalRule, 'renal_category'>): string {
  return renalCategoryLabel(rule.renal_category);
}

/** 'Avoid', the dose range ('2.5 - 5 Mg'), or '--' for a rule of intervals only. */
export function renalDoseText(
  rule: Pick<RenalRule, 'avoid' | 'min_dosage' | 'max_dosage' | 'dosage_unit'>,
): string {
  if (rule.avoid) return 'Avoid';
  const { min_dosage: min, max_dosage: max, dosage_unit: unit } = rule;
  return min === null || max === null || unit === null ? NONE : rangeText(min, max, unit);
}

/** The most a day ('10 Mg'), or '--'. */
export function renalDailyText(rule: Pick<RenalRule, 'max_daily_dosage' | 'dosage_unit'>): string {
  const { max_daily_dosage: daily, dosage_unit: unit } = rule;
  return daily === null || unit === null ? NONE : `${daily} ${capitalize(unit)}`;
}

/** The interval between doses ('24 - 48 Hours'), or '--'. */
export function renalIntervalText(
  rule: Pick<RenalRule, 'min_frequency' | 'max_frequency' | 'frequency_unit'>,
): string {
  const { min_frequency: min, max_frequency: max, frequency_unit: unit } = rule;
  return min === null || max === null || unit === null ? NONE : rangeText(min, max, unit);
}

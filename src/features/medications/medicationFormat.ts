import type { AgeCategory, ConditionContraindication, Medication, WeightCategory } from '@/api';
import { capitalize, capitalizedOptions } from '@/components/crud/format';
import { CAUTION_SEVERITIES, CONTRAINDICATION_LEVELS, SEVERITIES } from '@contract/enums';
import type { AnyDosage, DosageKind } from './medicationForm';

/** What the list and detail page show for a missing value. */
export const NONE = '--';
export const NOT_AVAILABLE = 'N/A';

export function dosageTypeLabel(medication: Pick<Medication, 'is_dosage_weight_based'>): string {
  return medication.is_dosage_weight_based ? 'Weight-based' : 'Age-based';
}

/** The first entry of `dosage_per_weight` as '25 Mg', or null when there is none. */
export function dosagePerWeightText(
  medication: Pick<Medication, 'dosage_per_weight'>,
): string | null {
  const first = medication.dosage_per_weight[0];
  return first ? `${first.dosage} ${capitalize(first.dosage_unit)}` : null;
}

/** '250 - 500 Mg', '1 - 3 Hours': a range with its unit (units are lowercase on the wire). */
export function rangeText(min: number, max: number, unit: string): string {
  return `${min} - ${max} ${capitalize(unit)}`;
}

/**
 * The unit of a dosage's maximum single dose: its dosage unit without "per kg" ('mg' for 'mg/kg'),
 * since one dose is an absolute amount whatever the patient weighs.
 */
export function singleDoseUnit(dosageUnit: string): string {
  return dosageUnit.replace(/\/kg$/, '');
}

/** '4 Mg' for a dosage's maximum single dose, or NONE when it has none. */
export function singleDoseText(dosage: Pick<AnyDosage, 'max_dose' | 'dosage_unit'>): string {
  return dosage.max_dose === null
    ? NONE
    : `${dosage.max_dose} ${capitalize(singleDoseUnit(dosage.dosage_unit))}`;
}

/** 'Normal (10 - 40 Kg)'. */
export function weightCategoryLabel(
  category: Pick<WeightCategory, 'category_name' | 'min_weight' | 'max_weight' | 'weight_unit'>,
): string {
  return `${category.category_name} (${rangeText(category.min_weight, category.max_weight, category.weight_unit)})`;
}

/** 'Adult (18 - 65 Years)', or '0 - 2 Years' for a category without a name. */
export function ageCategoryLabel(
  category: Pick<AgeCategory, 'category_name' | 'min_age' | 'max_age' | 'age_unit'>,
): string {
  const range = rangeText(category.min_age, category.max_age, category.age_unit);
  return category.category_name ? `${category.category_name} (${range})` : range;
}

/** The category a dosage is for, as the detail tables show it. */
export function dosageCategoryLabel(kind: DosageKind, dosage: AnyDosage): string {
  return 'weight_category' in dosage
    ? weightCategoryLabel(dosage.weight_category)
    : kind === 'age' && 'age_category' in dosage
      ? ageCategoryLabel(dosage.age_category)
      : NOT_AVAILABLE;
}

export function dosagesOf(medication: Medication, kind: DosageKind): AnyDosage[] {
  return kind === 'weight' ? medication.weight_category_dosages : medication.age_category_dosages;
}

/** 'Weight' / 'Age', for titles such as 'Add Weight-Based Dosage'. */
export function kindLabel(kind: DosageKind): 'Weight' | 'Age' {
  return kind === 'weight' ? 'Weight' : 'Age';
}

/** The level choices of Add Contraindication: 'Contraindicated', 'Caution'. */
export const CONTRAINDICATION_LEVEL_OPTIONS = capitalizedOptions(CONTRAINDICATION_LEVELS);
/** A caution's severity choices: 'Minor', 'Moderate', 'Major'. */
export const CAUTION_SEVERITY_OPTIONS = capitalizedOptions(CAUTION_SEVERITIES);
/** A lifestyle link's severity choices: 'Minor' to 'Contraindicated'. */
export const SEVERITY_OPTIONS = capitalizedOptions(SEVERITIES);

/** 'Contraindicated', or a caution with its severity: 'Caution (moderate)'. */
export function contraindicationLevelText(
  link: Pick<ConditionContraindication, 'level' | 'severity'>,
): string {
  return link.level === 'caution' ? `Caution (${link.severity})` : 'Contraindicated';
}

/** A condition link as a list names it: 'Asthma', or 'Gout (caution)' for a caution. */
export function conditionLinkName(link: Pick<ConditionContraindication, 'name' | 'level'>): string {
  return link.level === 'caution' ? `${link.name} (caution)` : link.name;
}

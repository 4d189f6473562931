import type {
  AgeCategory,
  AgeDosage,
  Condition,
  Lifestyle,
  Medication,
  WeightCategory,
  WeightDosage,
} from '@/api';

/** Test data for the medication screens, shaped as the API reads it. */
export const hypertension: Condition = {
  id: 1,
  name: 'Hypertension',
  description: 'High blood pressure',
  affects_kidney_function: false,
  codes: [],
};
export const asthma: Condition = {
  id: 2,
  name: 'Asthma',
  description: null,
  affects_kidney_function: false,
  codes: [],
};
export const gout: Condition = {
  id: 3,
  name: 'Gout',
  description: 'Inflammatory arthritis',
  affects_kidney_function: false,
  codes: [],
};
export const conditions = [hypertension, asthma, gout];

export const normalWeight: WeightCategory = {
  id: 11,
  min_weight: 18.5,
  max_weight: 24.9,
  weight_unit: 'kg',
  category_name: 'Normal',
  description: null,
  min_age_years: 18,
  max_age_years: null,
};
export const obese: WeightCategory = {
  id: 12,
  min_weight: 30,
  max_weight: 200,
  weight_unit: 'kg',
  category_name: 'Obese',
  description: null,
  min_age_years: 18,
  max_age_years: null,
};
export const weightCategories = [normalWeight, obese];

export const adult: AgeCategory = {
  id: 21,
  min_age: 18,
  max_age: 65,
  age_unit: 'years',
  category_name: 'Adult',
  description: null,
};
export const pediatric: AgeCategory = {
  id: 22,
  min_age: 2,
  max_age: 17,
  age_unit: 'years',
  category_name: 'Pediatric',
  description: null,
};
export const ageCategories = [adult, pediatric];

export const alcohol: Lifestyle = { id: 31, name: 'Alcohol' };
export const driving: Lifestyle = { id: 32, name: 'Driving' };
export const lifestyles = [alcohol, driving];

export const weightDosage: WeightDosage = {
  id: 101,
  medication_id: 7,
  weight_category_id: normalWeight.id,
  weight_category: normalWeight,
  min_dosage: 250,
  max_dosage: 500,
  dosage_unit: 'mg',
  min_frequency: 1,
  max_frequency: 3,
  frequency_unit: 'hours',
  min_frequency_duration: 3,
  max_frequency_duration: 7,
  frequency_duration_unit: 'days',
  max_daily_dosage: 1500,
  max_dose: null,
};

export const ageDosage: AgeDosage = {
  id: 201,
  medication_id: 8,
  age_category_id: adult.id,
  age_category: adult,
  min_dosage: 5,
  max_dosage: 10,
  dosage_unit: 'ml',
  min_frequency: 6,
  max_frequency: 8,
  frequency_unit: 'hours',
  min_frequency_duration: 1,
  max_frequency_duration: 2,
  frequency_duration_unit: 'weeks',
  max_daily_dosage: null,
  max_dose: null,
};

/**
 * Amoxicillin: weight-based, one weight dosage, two condition links (asthma contraindicated, gout a
 * moderate caution), one lifestyle, category B.
 */
export const amoxicillin: Medication = {
  id: 7,
  name: 'Amoxicillin',
  condition_id: hypertension.id,
  condition: hypertension,
  is_dosage_weight_based: 1,
  avg_weight_dosage: 25,
  avg_weight_dosage_unit: 'mg',
  dosage_per_weight: [{ dosage: 25, dosage_unit: 'mg' }],
  weight_category_dosages: [weightDosage],
  age_category_dosages: [],
  condition_contraindications: [
    { ...asthma, level: 'contraindicated', severity: 'contraindicated' },
    { ...gout, level: 'caution', severity: 'moderate' },
  ],
  contraindications: [asthma.id, gout.id],
  medical_lifestyle_contraindications: [
    {
      id: 301,
      medication_id: 7,
      lifestyle_id: alcohol.id,
      severity: 'major',
      lifestyle: alcohol,
      medication: { id: 7, name: 'Amoxicillin' },
    },
  ],
  pregnancy_category: 'B',
  age_limit: null,
  codes: [],
  created_at: '2025-03-04T10:00:00.000Z',
  updated_at: '2025-03-04T10:00:00.000Z',
};

/** Paracetamol: age-based, one age dosage, nothing else. */
export const paracetamol: Medication = {
  id: 8,
  name: 'Paracetamol',
  condition_id: asthma.id,
  condition: asthma,
  is_dosage_weight_based: 0,
  avg_weight_dosage: null,
  avg_weight_dosage_unit: 'mg',
  dosage_per_weight: [],
  weight_category_dosages: [],
  age_category_dosages: [ageDosage],
  condition_contraindications: [],
  contraindications: [],
  medical_lifestyle_contraindications: [],
  pregnancy_category: null,
  age_limit: null,
  codes: [],
  created_at: '2025-03-05T10:00:00.000Z',
  updated_at: '2025-03-05T10:00:00.000Z',
};

/** The answers the medication forms' selects load. */
export const referenceLists = {
  'GET /condition': { body: { data: conditions } },
  'GET /weight-category': { body: { data: weightCategories } },
  'GET /age-category': { body: { data: ageCategories } },
  'GET /lifestyle': { body: { data: lifestyles } },
};

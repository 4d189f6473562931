/**
 * The demo data set loaded by `seedDemo` (see ./seed.ts).
 *
 * ILLUSTRATIVE DEMO DATA ONLY. NOT MEDICAL ADVICE. The names are real drugs and conditions so the
 * console looks plausible, but the doses, frequencies, durations, pregnancy categories,
 * contraindications and interactions below are simplified and have not been reviewed by anyone
 * qualified to do so. Never use them to treat, prescribe for or advise a patient.
 *
 * Conventions: units are lowercase, as the schema requires. A dosage's `frequency` is the dosing
 * interval ("every 6 to 8 hours" is `[6, 8, 'hours']`) and its `duration` how long the course runs.
 * `avgWeightDosage` is a typical dose per kg of body weight. A dose in `mg/kg` or `mcg/kg` is per kg
 * of body weight (the safety check multiplies it by the patient's weight). Age categories follow
 * paediatric formularies (neonate up to 28 days, infant from 1 month), which leaves days 28 to 30
 * uncovered: the safety check says so rather than guess, and the data-quality report lists it.
 */

import type {
  AgeCategoryName,
  AgeUnit,
  DosageUnit,
  DurationUnit,
  FrequencyUnit,
  PregnancyCategory,
  Severity,
  WeightCategoryName,
} from '../../api/generated/enums';

export type { DosageUnit, PregnancyCategory, Severity, WeightCategoryName };
/** A unit both frequencies and durations may take: the demo data writes both with it. */
export type TimeUnit = FrequencyUnit & DurationUnit;
export type AgeKey = 'neonate' | 'infant' | 'child' | 'adolescent' | 'adult' | 'geriatric';

export interface ConditionSeed {
  name: string;
  description: string | null;
}

export interface AgeCategorySeed {
  key: AgeKey;
  minAge: number;
  maxAge: number;
  unit: AgeUnit;
  categoryName: AgeCategoryName | null;
  description: string;
}

export interface WeightCategorySeed {
  categoryName: WeightCategoryName;
  minWeight: number;
  maxWeight: number;
  description: string;
}

/** [min, max, unit]. */
export type Range<U> = [number, number, U];

export interface DosageSeed<K extends string> {
  category: K;
  dose: Range<DosageUnit>;
  frequency: Range<TimeUnit>;
  duration: Range<TimeUnit>;
}

interface MedicationBase {
  name: string;
  /** Name of the condition it treats. */
  condition: string;
  avgWeightDosage: number | null;
  avgWeightDosageUnit: DosageUnit;
  pregnancyCategory: PregnancyCategory | null;
  /** Names of conditions it is contraindicated in. */
  contraindications: string[];
  /** Names of lifestyles it is contraindicated with. */
  lifestyles: string[];
}

export type MedicationSeed = MedicationBase &
  (
    | {
        dosing: 'weight';
        dosages: DosageSeed<WeightCategoryName>[];
        /** Age rules beside the weight ones (children's doses); both apply when both match. */
        ageDosages?: DosageSeed<AgeKey>[];
      }
    | { dosing: 'age'; dosages: DosageSeed<AgeKey>[] }
  );

export interface InteractionSeed {
  medication: string;
  interactsWith: string;
  severity: Severity;
  description: string;
  isAllergen?: boolean;
}

export interface UserSeed {
  name: string;
  email: string;
}

export interface DrugSeed {
  name: string;
  description: string;
  dosage: string;
  sideEffects: string[];
  contraindications: string[];
  category: string;
  manufacturer: string;
}

export const CONDITIONS: ConditionSeed[] = [
  { name: 'Hypertension', description: 'Persistently raised arterial blood pressure.' },
  {
    name: 'Type 2 diabetes',
    description: 'Insulin resistance with chronically raised blood glucose.',
  },
  { name: 'Asthma', description: 'Chronic airway inflammation with reversible bronchospasm.' },
  { name: 'Chronic kidney disease', description: 'Long-term loss of kidney function.' },
  { name: 'Liver cirrhosis', description: 'Scarring of the liver with impaired hepatic function.' },
  { name: 'Peptic ulcer', description: 'Erosion of the stomach or duodenal lining.' },
  { name: 'Epilepsy', description: 'Recurrent unprovoked seizures.' },
  { name: 'Heart failure', description: 'The heart cannot pump enough blood to meet demand.' },
  {
    name: 'Atrial fibrillation',
    description: 'Irregular, often rapid heart rhythm from the atria.',
  },
  { name: 'Hyperlipidemia', description: 'Raised cholesterol or triglycerides in the blood.' },
  { name: 'Major depressive disorder', description: 'Persistent low mood and loss of interest.' },
  { name: 'Generalized anxiety disorder', description: 'Excessive, persistent worry.' },
  { name: 'Bacterial pneumonia', description: 'Bacterial infection of the lung tissue.' },
  { name: 'Urinary tract infection', description: 'Infection of the bladder or urinary tract.' },
  { name: 'Rheumatoid arthritis', description: 'Autoimmune inflammation of the joints.' },
  { name: 'Osteoarthritis', description: 'Degeneration of joint cartilage causing pain.' },
  { name: 'Migraine', description: 'Recurrent moderate to severe headaches.' },
  { name: 'Hypothyroidism', description: 'Underactive thyroid gland.' },
  { name: 'Gastroesophageal reflux disease', description: 'Stomach acid flowing back.' },
  { name: 'Chronic obstructive pulmonary disease', description: 'Progressive airflow limitation.' },
  { name: 'Allergic rhinitis', description: 'Nasal inflammation triggered by allergens.' },
  { name: 'Gout', description: null },
  { name: 'Deep vein thrombosis', description: 'A blood clot in a deep vein, usually the leg.' },
  { name: 'Osteoporosis', description: 'Reduced bone density and increased fracture risk.' },
  { name: 'Insomnia', description: null },
  { name: 'Acute otitis media', description: 'Infection of the middle ear.' },
  { name: 'Streptococcal pharyngitis', description: 'Sore throat caused by group A streptococci.' },
  { name: 'Bleeding disorders', description: 'Conditions that impair normal blood clotting.' },
  { name: 'Myasthenia gravis', description: 'Autoimmune neuromuscular weakness.' },
  { name: 'G6PD deficiency', description: 'Enzyme deficiency predisposing to haemolysis.' },
  { name: 'Infectious mononucleosis', description: 'Epstein-Barr virus infection.' },
  { name: 'Sepsis', description: 'Life-threatening organ dysfunction caused by infection.' },
  { name: 'Herpes simplex infection', description: 'Cold sores or genital herpes.' },
  { name: 'Bacterial vaginosis', description: null },
  { name: 'Nausea and vomiting', description: 'For example after surgery or chemotherapy.' },
  { name: 'Acute pain', description: 'Short-term pain after injury or surgery.' },
  { name: 'Fever', description: null },
  { name: 'Acne vulgaris', description: 'Severe or scarring acne.' },
  { name: 'Candidiasis', description: 'Yeast infection of the mouth, skin or vagina.' },
  { name: 'Coronary artery disease', description: 'Narrowing of the coronary arteries.' },
];

export const AGE_CATEGORIES: AgeCategorySeed[] = [
  {
    key: 'neonate',
    minAge: 0,
    maxAge: 28,
    unit: 'days',
    categoryName: 'Pediatric',
    description: 'Neonate: birth to 28 days',
  },
  {
    key: 'infant',
    minAge: 1,
    maxAge: 12,
    unit: 'months',
    categoryName: 'Pediatric',
    description: 'Infant: 1 to 12 months',
  },
  {
    key: 'child',
    minAge: 1,
    maxAge: 12,
    unit: 'years',
    categoryName: 'Pediatric',
    description: 'Child: 1 to 12 years',
  },
  {
    key: 'adolescent',
    minAge: 12,
    maxAge: 18,
    unit: 'years',
    categoryName: null,
    description: 'Adolescent: 12 to 18 years',
  },
  {
    key: 'adult',
    minAge: 18,
    maxAge: 65,
    unit: 'years',
    categoryName: 'Adult',
    description: 'Adult: 18 to 65 years',
  },
  {
    key: 'geriatric',
    minAge: 65,
    maxAge: 130,
    unit: 'years',
    categoryName: 'Geriatric',
    description: 'Older adult: 65 years and over',
  },
];

/**
 * All in kg. Adjacent categories share their bound, so every weight falls in one; a patient exactly
 * on a bound is in the category that starts there (the safety check's rule).
 */
export const WEIGHT_CATEGORIES: WeightCategorySeed[] = [
  { categoryName: 'Underweight', minWeight: 0, maxWeight: 50, description: 'Under 50 kg' },
  { categoryName: 'Normal', minWeight: 50, maxWeight: 80, description: '50 kg to under 80 kg' },
  {
    categoryName: 'Overweight',
    minWeight: 80,
    maxWeight: 100,
    description: '80 kg to under 100 kg',
  },
  { categoryName: 'Obese', minWeight: 100, maxWeight: 650, description: '100 kg and over' },
];

export const LIFESTYLES: string[] = [
  'Alcohol consumption',
  'Smoking',
  'Pregnancy planning',
  'Breastfeeding',
  'Heavy machinery operation',
  'Grapefruit juice consumption',
  'High-intensity exercise',
  'Vegetarian diet',
];

export const MEDICATIONS: MedicationSeed[] = [
  // ---------- dosed by weight category ----------
  {
    name: 'Amoxicillin',
    condition: 'Acute otitis media',
    dosing: 'weight',
    avgWeightDosage: 25,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'B',
    contraindications: ['Infectious mononucleosis'],
    lifestyles: [],
    dosages: [
      {
        category: 'Underweight',
        dose: [15, 30, 'mg/kg'],
        frequency: [8, 12, 'hours'],
        duration: [5, 10, 'days'],
      },
      {
        category: 'Normal',
        dose: [500, 875, 'mg'],
        frequency: [8, 12, 'hours'],
        duration: [5, 10, 'days'],
      },
      {
        category: 'Overweight',
        dose: [875, 1000, 'mg'],
        frequency: [8, 12, 'hours'],
        duration: [7, 10, 'days'],
      },
      {
        category: 'Obese',
        dose: [875, 1000, 'mg'],
        frequency: [8, 12, 'hours'],
        duration: [7, 10, 'days'],
      },
    ],
    ageDosages: [
      {
        category: 'neonate',
        dose: [15, 30, 'mg/kg'],
        frequency: [12, 12, 'hours'],
        duration: [5, 10, 'days'],
      },
      {
        category: 'infant',
        dose: [15, 30, 'mg/kg'],
        frequency: [8, 12, 'hours'],
        duration: [5, 10, 'days'],
      },
      {
        category: 'child',
        dose: [15, 30, 'mg/kg'],
        frequency: [8, 12, 'hours'],
        duration: [5, 10, 'days'],
      },
      {
        category: 'adolescent',
        dose: [250, 1000, 'mg'],
        frequency: [8, 12, 'hours'],
        duration: [5, 10, 'days'],
      },
      {
        category: 'adult',
        dose: [250, 1000, 'mg'],
        frequency: [8, 12, 'hours'],
        duration: [5, 10, 'days'],
      },
      {
        category: 'geriatric',
        dose: [250, 1000, 'mg'],
        frequency: [8, 12, 'hours'],
        duration: [5, 10, 'days'],
      },
    ],
  },
  {
    name: 'Ibuprofen',
    condition: 'Osteoarthritis',
    dosing: 'weight',
    avgWeightDosage: 10,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'C',
    contraindications: ['Peptic ulcer', 'Chronic kidney disease', 'Heart failure'],
    lifestyles: ['Alcohol consumption'],
    dosages: [
      {
        category: 'Underweight',
        dose: [5, 10, 'mg/kg'],
        frequency: [6, 8, 'hours'],
        duration: [1, 5, 'days'],
      },
      {
        category: 'Normal',
        dose: [400, 600, 'mg'],
        frequency: [6, 8, 'hours'],
        duration: [1, 7, 'days'],
      },
      {
        category: 'Overweight',
        dose: [400, 600, 'mg'],
        frequency: [6, 8, 'hours'],
        duration: [1, 7, 'days'],
      },
      {
        category: 'Obese',
        dose: [600, 800, 'mg'],
        frequency: [6, 8, 'hours'],
        duration: [1, 7, 'days'],
      },
    ],
    ageDosages: [
      {
        category: 'infant',
        dose: [5, 10, 'mg/kg'],
        frequency: [6, 8, 'hours'],
        duration: [1, 3, 'days'],
      },
      {
        category: 'child',
        dose: [5, 10, 'mg/kg'],
        frequency: [6, 8, 'hours'],
        duration: [1, 5, 'days'],
      },
      {
        category: 'adolescent',
        dose: [200, 400, 'mg'],
        frequency: [6, 8, 'hours'],
        duration: [1, 5, 'days'],
      },
      {
        category: 'adult',
        dose: [200, 800, 'mg'],
        frequency: [6, 8, 'hours'],
        duration: [1, 7, 'days'],
      },
      {
        category: 'geriatric',
        dose: [200, 400, 'mg'],
        frequency: [6, 8, 'hours'],
        duration: [1, 5, 'days'],
      },
    ],
  },
  {
    name: 'Paracetamol',
    condition: 'Fever',
    dosing: 'weight',
    avgWeightDosage: 15,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'B',
    contraindications: ['Liver cirrhosis'],
    lifestyles: ['Alcohol consumption'],
    dosages: [
      {
        category: 'Underweight',
        dose: [10, 15, 'mg/kg'],
        frequency: [6, 8, 'hours'],
        duration: [1, 3, 'days'],
      },
      {
        category: 'Normal',
        dose: [500, 1000, 'mg'],
        frequency: [6, 8, 'hours'],
        duration: [1, 5, 'days'],
      },
      {
        category: 'Overweight',
        dose: [1000, 1000, 'mg'],
        frequency: [6, 8, 'hours'],
        duration: [1, 5, 'days'],
      },
      {
        category: 'Obese',
        dose: [1000, 1000, 'mg'],
        frequency: [6, 8, 'hours'],
        duration: [1, 5, 'days'],
      },
    ],
    ageDosages: [
      {
        category: 'neonate',
        dose: [10, 15, 'mg/kg'],
        frequency: [6, 8, 'hours'],
        duration: [1, 3, 'days'],
      },
      {
        category: 'infant',
        dose: [10, 15, 'mg/kg'],
        frequency: [6, 8, 'hours'],
        duration: [1, 3, 'days'],
      },
      {
        category: 'child',
        dose: [10, 15, 'mg/kg'],
        frequency: [6, 8, 'hours'],
        duration: [1, 3, 'days'],
      },
      {
        category: 'adolescent',
        dose: [500, 1000, 'mg'],
        frequency: [6, 8, 'hours'],
        duration: [1, 5, 'days'],
      },
      {
        category: 'adult',
        dose: [500, 1000, 'mg'],
        frequency: [6, 8, 'hours'],
        duration: [1, 5, 'days'],
      },
      {
        category: 'geriatric',
        dose: [500, 1000, 'mg'],
        frequency: [6, 8, 'hours'],
        duration: [1, 5, 'days'],
      },
    ],
  },
  {
    name: 'Azithromycin',
    condition: 'Bacterial pneumonia',
    dosing: 'weight',
    avgWeightDosage: 10,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'B',
    contraindications: ['Liver cirrhosis'],
    lifestyles: [],
    dosages: [
      {
        category: 'Underweight',
        dose: [250, 500, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [3, 5, 'days'],
      },
      {
        category: 'Normal',
        dose: [500, 500, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [3, 5, 'days'],
      },
      {
        category: 'Overweight',
        dose: [500, 500, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [3, 5, 'days'],
      },
      {
        category: 'Obese',
        dose: [500, 500, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [3, 5, 'days'],
      },
    ],
  },
  {
    name: 'Cefalexin',
    condition: 'Streptococcal pharyngitis',
    dosing: 'weight',
    avgWeightDosage: 25,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'B',
    contraindications: [],
    lifestyles: [],
    dosages: [
      {
        category: 'Underweight',
        dose: [250, 500, 'mg'],
        frequency: [6, 12, 'hours'],
        duration: [7, 10, 'days'],
      },
      {
        category: 'Normal',
        dose: [500, 500, 'mg'],
        frequency: [6, 12, 'hours'],
        duration: [7, 14, 'days'],
      },
      {
        category: 'Overweight',
        dose: [500, 1000, 'mg'],
        frequency: [6, 12, 'hours'],
        duration: [7, 14, 'days'],
      },
      {
        category: 'Obese',
        dose: [500, 1000, 'mg'],
        frequency: [6, 12, 'hours'],
        duration: [7, 14, 'days'],
      },
    ],
  },
  {
    name: 'Gentamicin',
    condition: 'Sepsis',
    dosing: 'weight',
    avgWeightDosage: 5,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'D',
    contraindications: ['Chronic kidney disease', 'Myasthenia gravis'],
    lifestyles: [],
    dosages: [
      {
        category: 'Underweight',
        dose: [5, 7, 'mg/kg'],
        frequency: [24, 36, 'hours'],
        duration: [5, 7, 'days'],
      },
      {
        category: 'Normal',
        dose: [5, 7, 'mg/kg'],
        frequency: [24, 24, 'hours'],
        duration: [5, 7, 'days'],
      },
      {
        category: 'Overweight',
        dose: [5, 7, 'mg/kg'],
        frequency: [24, 24, 'hours'],
        duration: [5, 7, 'days'],
      },
      {
        category: 'Obese',
        dose: [3, 5, 'mg/kg'],
        frequency: [24, 24, 'hours'],
        duration: [5, 7, 'days'],
      },
    ],
    ageDosages: [
      {
        category: 'neonate',
        dose: [4, 5, 'mg/kg'],
        frequency: [24, 36, 'hours'],
        duration: [5, 7, 'days'],
      },
      {
        category: 'infant',
        dose: [5, 7, 'mg/kg'],
        frequency: [24, 24, 'hours'],
        duration: [5, 7, 'days'],
      },
      {
        category: 'child',
        dose: [5, 7, 'mg/kg'],
        frequency: [24, 24, 'hours'],
        duration: [5, 7, 'days'],
      },
      {
        category: 'adolescent',
        dose: [5, 7, 'mg/kg'],
        frequency: [24, 24, 'hours'],
        duration: [5, 7, 'days'],
      },
      {
        category: 'adult',
        dose: [3, 7, 'mg/kg'],
        frequency: [24, 24, 'hours'],
        duration: [5, 7, 'days'],
      },
      {
        category: 'geriatric',
        dose: [3, 5, 'mg/kg'],
        frequency: [24, 36, 'hours'],
        duration: [5, 7, 'days'],
      },
    ],
  },
  {
    name: 'Vancomycin',
    condition: 'Sepsis',
    dosing: 'weight',
    avgWeightDosage: 15,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: null,
    contraindications: [],
    lifestyles: [],
    dosages: [
      {
        category: 'Normal',
        dose: [1000, 1250, 'mg'],
        frequency: [8, 12, 'hours'],
        duration: [7, 14, 'days'],
      },
      {
        category: 'Obese',
        dose: [1500, 2000, 'mg'],
        frequency: [12, 12, 'hours'],
        duration: [7, 14, 'days'],
      },
      {
        category: 'Underweight',
        dose: [15, 20, 'mg/kg'],
        frequency: [8, 12, 'hours'],
        duration: [7, 14, 'days'],
      },
      {
        category: 'Overweight',
        dose: [1250, 1750, 'mg'],
        frequency: [8, 12, 'hours'],
        duration: [7, 14, 'days'],
      },
    ],
  },
  {
    name: 'Enoxaparin',
    condition: 'Deep vein thrombosis',
    dosing: 'weight',
    avgWeightDosage: 1,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'B',
    contraindications: ['Bleeding disorders', 'Peptic ulcer'],
    lifestyles: [],
    dosages: [
      {
        category: 'Underweight',
        dose: [40, 50, 'mg'],
        frequency: [12, 12, 'hours'],
        duration: [5, 10, 'days'],
      },
      {
        category: 'Normal',
        dose: [60, 80, 'mg'],
        frequency: [12, 12, 'hours'],
        duration: [5, 10, 'days'],
      },
      {
        category: 'Obese',
        dose: [100, 150, 'mg'],
        frequency: [12, 12, 'hours'],
        duration: [5, 10, 'days'],
      },
      {
        category: 'Overweight',
        dose: [80, 100, 'mg'],
        frequency: [12, 12, 'hours'],
        duration: [5, 10, 'days'],
      },
    ],
  },
  {
    name: 'Acyclovir',
    condition: 'Herpes simplex infection',
    dosing: 'weight',
    avgWeightDosage: 10,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'B',
    contraindications: [],
    lifestyles: [],
    dosages: [
      {
        category: 'Underweight',
        dose: [200, 400, 'mg'],
        frequency: [8, 8, 'hours'],
        duration: [5, 10, 'days'],
      },
      {
        category: 'Normal',
        dose: [400, 800, 'mg'],
        frequency: [8, 8, 'hours'],
        duration: [7, 10, 'days'],
      },
      {
        category: 'Overweight',
        dose: [400, 800, 'mg'],
        frequency: [8, 8, 'hours'],
        duration: [7, 10, 'days'],
      },
      {
        category: 'Obese',
        dose: [400, 800, 'mg'],
        frequency: [8, 8, 'hours'],
        duration: [7, 10, 'days'],
      },
    ],
  },
  {
    name: 'Ceftriaxone',
    condition: 'Bacterial pneumonia',
    dosing: 'weight',
    avgWeightDosage: 50,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'B',
    contraindications: [],
    lifestyles: [],
    dosages: [
      {
        category: 'Normal',
        dose: [1, 2, 'g'],
        frequency: [24, 24, 'hours'],
        duration: [5, 14, 'days'],
      },
      {
        category: 'Overweight',
        dose: [2, 2, 'g'],
        frequency: [24, 24, 'hours'],
        duration: [7, 14, 'days'],
      },
      {
        category: 'Underweight',
        dose: [1, 2, 'g'],
        frequency: [24, 24, 'hours'],
        duration: [5, 14, 'days'],
      },
      {
        category: 'Obese',
        dose: [2, 2, 'g'],
        frequency: [24, 24, 'hours'],
        duration: [7, 14, 'days'],
      },
    ],
  },
  {
    name: 'Co-trimoxazole',
    condition: 'Urinary tract infection',
    dosing: 'weight',
    avgWeightDosage: 4,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'D',
    contraindications: ['G6PD deficiency', 'Liver cirrhosis'],
    lifestyles: [],
    dosages: [
      {
        category: 'Underweight',
        dose: [80, 160, 'mg'],
        frequency: [12, 12, 'hours'],
        duration: [3, 7, 'days'],
      },
      {
        category: 'Normal',
        dose: [160, 160, 'mg'],
        frequency: [12, 12, 'hours'],
        duration: [3, 14, 'days'],
      },
      {
        category: 'Overweight',
        dose: [160, 160, 'mg'],
        frequency: [12, 12, 'hours'],
        duration: [3, 14, 'days'],
      },
      {
        category: 'Obese',
        dose: [160, 160, 'mg'],
        frequency: [12, 12, 'hours'],
        duration: [3, 14, 'days'],
      },
    ],
  },
  {
    name: 'Prednisolone',
    condition: 'Asthma',
    dosing: 'weight',
    avgWeightDosage: 1,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'C',
    contraindications: ['Peptic ulcer', 'Osteoporosis'],
    lifestyles: [],
    dosages: [
      {
        category: 'Underweight',
        dose: [20, 40, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [3, 5, 'days'],
      },
      {
        category: 'Normal',
        dose: [40, 50, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [5, 7, 'days'],
      },
      {
        category: 'Overweight',
        dose: [40, 60, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [5, 7, 'days'],
      },
      {
        category: 'Obese',
        dose: [40, 60, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [5, 7, 'days'],
      },
    ],
  },
  {
    name: 'Sodium valproate',
    condition: 'Epilepsy',
    dosing: 'weight',
    avgWeightDosage: 20,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'D',
    contraindications: ['Liver cirrhosis'],
    lifestyles: ['Pregnancy planning', 'Alcohol consumption'],
    dosages: [
      {
        category: 'Underweight',
        dose: [250, 500, 'mg'],
        frequency: [12, 12, 'hours'],
        duration: [6, 12, 'months'],
      },
      {
        category: 'Normal',
        dose: [500, 750, 'mg'],
        frequency: [12, 12, 'hours'],
        duration: [6, 12, 'months'],
      },
      {
        category: 'Overweight',
        dose: [750, 1000, 'mg'],
        frequency: [12, 12, 'hours'],
        duration: [6, 12, 'months'],
      },
      {
        category: 'Obese',
        dose: [1000, 1500, 'mg'],
        frequency: [12, 12, 'hours'],
        duration: [6, 12, 'months'],
      },
    ],
  },
  {
    name: 'Levetiracetam',
    condition: 'Epilepsy',
    dosing: 'weight',
    avgWeightDosage: 20,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'C',
    contraindications: ['Major depressive disorder'],
    lifestyles: ['Heavy machinery operation'],
    dosages: [
      {
        category: 'Underweight',
        dose: [250, 750, 'mg'],
        frequency: [12, 12, 'hours'],
        duration: [6, 12, 'months'],
      },
      {
        category: 'Normal',
        dose: [500, 1500, 'mg'],
        frequency: [12, 12, 'hours'],
        duration: [6, 12, 'months'],
      },
      {
        category: 'Overweight',
        dose: [500, 1500, 'mg'],
        frequency: [12, 12, 'hours'],
        duration: [6, 12, 'months'],
      },
      {
        category: 'Obese',
        dose: [500, 1500, 'mg'],
        frequency: [12, 12, 'hours'],
        duration: [6, 12, 'months'],
      },
    ],
  },
  {
    name: 'Phenytoin',
    condition: 'Epilepsy',
    dosing: 'weight',
    avgWeightDosage: 5,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'D',
    contraindications: ['Liver cirrhosis'],
    lifestyles: ['Alcohol consumption', 'Pregnancy planning'],
    dosages: [
      {
        category: 'Underweight',
        dose: [50, 100, 'mg'],
        frequency: [8, 12, 'hours'],
        duration: [6, 12, 'months'],
      },
      {
        category: 'Normal',
        dose: [100, 100, 'mg'],
        frequency: [8, 8, 'hours'],
        duration: [6, 12, 'months'],
      },
      {
        category: 'Overweight',
        dose: [100, 150, 'mg'],
        frequency: [8, 8, 'hours'],
        duration: [6, 12, 'months'],
      },
      {
        category: 'Obese',
        dose: [100, 150, 'mg'],
        frequency: [8, 8, 'hours'],
        duration: [6, 12, 'months'],
      },
    ],
  },
  {
    name: 'Metronidazole',
    condition: 'Bacterial vaginosis',
    dosing: 'weight',
    avgWeightDosage: 7.5,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'B',
    contraindications: ['Liver cirrhosis', 'Epilepsy'],
    lifestyles: ['Alcohol consumption', 'Breastfeeding'],
    dosages: [
      {
        category: 'Normal',
        dose: [400, 500, 'mg'],
        frequency: [8, 12, 'hours'],
        duration: [5, 7, 'days'],
      },
      {
        category: 'Obese',
        dose: [500, 500, 'mg'],
        frequency: [8, 8, 'hours'],
        duration: [7, 7, 'days'],
      },
      {
        category: 'Underweight',
        dose: [200, 400, 'mg'],
        frequency: [8, 12, 'hours'],
        duration: [5, 7, 'days'],
      },
      {
        category: 'Overweight',
        dose: [400, 500, 'mg'],
        frequency: [8, 12, 'hours'],
        duration: [5, 7, 'days'],
      },
    ],
  },
  {
    name: 'Ondansetron',
    condition: 'Nausea and vomiting',
    dosing: 'weight',
    avgWeightDosage: 0.15,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'B',
    contraindications: [],
    lifestyles: [],
    dosages: [
      {
        category: 'Underweight',
        dose: [4, 4, 'mg'],
        frequency: [8, 8, 'hours'],
        duration: [1, 3, 'days'],
      },
      {
        category: 'Normal',
        dose: [4, 8, 'mg'],
        frequency: [8, 12, 'hours'],
        duration: [1, 5, 'days'],
      },
      {
        category: 'Overweight',
        dose: [4, 8, 'mg'],
        frequency: [8, 12, 'hours'],
        duration: [1, 5, 'days'],
      },
      {
        category: 'Obese',
        dose: [4, 8, 'mg'],
        frequency: [8, 12, 'hours'],
        duration: [1, 5, 'days'],
      },
    ],
  },
  {
    name: 'Morphine',
    condition: 'Acute pain',
    dosing: 'weight',
    avgWeightDosage: 0.1,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'C',
    contraindications: ['Chronic obstructive pulmonary disease', 'Asthma', 'Liver cirrhosis'],
    lifestyles: ['Alcohol consumption', 'Heavy machinery operation', 'Breastfeeding'],
    dosages: [
      {
        category: 'Underweight',
        dose: [0.05, 0.2, 'mg/kg'],
        frequency: [4, 6, 'hours'],
        duration: [1, 3, 'days'],
      },
      {
        category: 'Normal',
        dose: [5, 10, 'mg'],
        frequency: [4, 4, 'hours'],
        duration: [1, 3, 'days'],
      },
      {
        category: 'Overweight',
        dose: [10, 15, 'mg'],
        frequency: [4, 6, 'hours'],
        duration: [1, 3, 'days'],
      },
      {
        category: 'Obese',
        dose: [10, 15, 'mg'],
        frequency: [4, 6, 'hours'],
        duration: [1, 3, 'days'],
      },
    ],
    ageDosages: [
      {
        category: 'neonate',
        dose: [0.025, 0.05, 'mg/kg'],
        frequency: [6, 6, 'hours'],
        duration: [1, 3, 'days'],
      },
      {
        category: 'infant',
        dose: [0.05, 0.1, 'mg/kg'],
        frequency: [4, 6, 'hours'],
        duration: [1, 3, 'days'],
      },
      {
        category: 'child',
        dose: [0.1, 0.2, 'mg/kg'],
        frequency: [4, 6, 'hours'],
        duration: [1, 3, 'days'],
      },
      {
        category: 'adolescent',
        dose: [5, 10, 'mg'],
        frequency: [4, 6, 'hours'],
        duration: [1, 3, 'days'],
      },
      {
        category: 'adult',
        dose: [5, 15, 'mg'],
        frequency: [4, 6, 'hours'],
        duration: [1, 3, 'days'],
      },
      {
        category: 'geriatric',
        dose: [2.5, 5, 'mg'],
        frequency: [4, 6, 'hours'],
        duration: [1, 3, 'days'],
      },
    ],
  },
  {
    name: 'Isotretinoin',
    condition: 'Acne vulgaris',
    dosing: 'weight',
    avgWeightDosage: 0.5,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'X',
    contraindications: ['Major depressive disorder', 'Hyperlipidemia'],
    lifestyles: ['Pregnancy planning', 'Breastfeeding'],
    dosages: [
      {
        category: 'Underweight',
        dose: [20, 40, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [4, 6, 'months'],
      },
      {
        category: 'Normal',
        dose: [40, 60, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [4, 6, 'months'],
      },
      {
        category: 'Overweight',
        dose: [60, 80, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [4, 6, 'months'],
      },
      {
        category: 'Obese',
        dose: [60, 80, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [4, 6, 'months'],
      },
    ],
  },
  {
    name: 'Fluconazole',
    condition: 'Candidiasis',
    dosing: 'weight',
    avgWeightDosage: 6,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: null,
    contraindications: ['Liver cirrhosis'],
    lifestyles: [],
    dosages: [
      {
        category: 'Normal',
        dose: [100, 200, 'mg'],
        frequency: [24, 24, 'hours'],
        duration: [7, 14, 'days'],
      },
      {
        category: 'Overweight',
        dose: [200, 400, 'mg'],
        frequency: [24, 24, 'hours'],
        duration: [7, 14, 'days'],
      },
      {
        category: 'Underweight',
        dose: [50, 100, 'mg'],
        frequency: [24, 24, 'hours'],
        duration: [7, 14, 'days'],
      },
      {
        category: 'Obese',
        dose: [200, 400, 'mg'],
        frequency: [24, 24, 'hours'],
        duration: [7, 14, 'days'],
      },
    ],
  },

  // ---------- dosed by age category ----------
  {
    name: 'Warfarin',
    condition: 'Atrial fibrillation',
    dosing: 'age',
    avgWeightDosage: 0.1,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'X',
    contraindications: ['Bleeding disorders', 'Peptic ulcer', 'Liver cirrhosis'],
    lifestyles: ['Alcohol consumption', 'Pregnancy planning'],
    dosages: [
      {
        category: 'adult',
        dose: [2, 10, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [3, 12, 'months'],
      },
      {
        category: 'geriatric',
        dose: [1, 5, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [3, 12, 'months'],
      },
    ],
  },
  {
    name: 'Metformin',
    condition: 'Type 2 diabetes',
    dosing: 'age',
    avgWeightDosage: 20,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'B',
    contraindications: ['Chronic kidney disease', 'Liver cirrhosis'],
    lifestyles: ['Alcohol consumption'],
    dosages: [
      {
        category: 'adolescent',
        dose: [500, 1000, 'mg'],
        frequency: [12, 12, 'hours'],
        duration: [6, 12, 'months'],
      },
      {
        category: 'adult',
        dose: [500, 1000, 'mg'],
        frequency: [12, 12, 'hours'],
        duration: [6, 12, 'months'],
      },
      {
        category: 'geriatric',
        dose: [500, 500, 'mg'],
        frequency: [12, 24, 'hours'],
        duration: [6, 12, 'months'],
      },
    ],
  },
  {
    name: 'Lisinopril',
    condition: 'Hypertension',
    dosing: 'age',
    avgWeightDosage: 0.15,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'D',
    contraindications: [],
    lifestyles: [],
    dosages: [
      {
        category: 'adolescent',
        dose: [2.5, 20, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [6, 12, 'months'],
      },
      {
        category: 'adult',
        dose: [10, 40, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [6, 12, 'months'],
      },
      {
        category: 'geriatric',
        dose: [2.5, 20, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [6, 12, 'months'],
      },
    ],
  },
  {
    name: 'Atorvastatin',
    condition: 'Hyperlipidemia',
    dosing: 'age',
    avgWeightDosage: 0.3,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'X',
    contraindications: ['Liver cirrhosis'],
    lifestyles: ['Grapefruit juice consumption', 'Pregnancy planning'],
    dosages: [
      {
        category: 'adult',
        dose: [10, 80, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [6, 12, 'months'],
      },
      {
        category: 'geriatric',
        dose: [10, 40, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [6, 12, 'months'],
      },
    ],
  },
  {
    name: 'Simvastatin',
    condition: 'Hyperlipidemia',
    dosing: 'age',
    avgWeightDosage: 0.3,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'X',
    contraindications: ['Liver cirrhosis'],
    lifestyles: ['Grapefruit juice consumption', 'High-intensity exercise', 'Pregnancy planning'],
    dosages: [
      {
        category: 'adult',
        dose: [10, 40, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [6, 12, 'months'],
      },
      {
        category: 'geriatric',
        dose: [5, 20, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [6, 12, 'months'],
      },
    ],
  },
  {
    name: 'Sertraline',
    condition: 'Generalized anxiety disorder',
    dosing: 'age',
    avgWeightDosage: 0.7,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'C',
    contraindications: ['Epilepsy'],
    lifestyles: ['Alcohol consumption'],
    dosages: [
      {
        category: 'adolescent',
        dose: [25, 50, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [3, 6, 'months'],
      },
      {
        category: 'adult',
        dose: [50, 200, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [6, 12, 'months'],
      },
      {
        category: 'geriatric',
        dose: [25, 100, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [6, 12, 'months'],
      },
    ],
  },
  {
    name: 'Fluoxetine',
    condition: 'Major depressive disorder',
    dosing: 'age',
    avgWeightDosage: 0.3,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'C',
    contraindications: ['Epilepsy'],
    lifestyles: [],
    dosages: [
      {
        category: 'child',
        dose: [10, 20, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [3, 6, 'months'],
      },
      {
        category: 'adolescent',
        dose: [10, 20, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [3, 6, 'months'],
      },
      {
        category: 'adult',
        dose: [20, 60, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [6, 12, 'months'],
      },
      {
        category: 'geriatric',
        dose: [10, 20, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [6, 12, 'months'],
      },
    ],
  },
  {
    name: 'Amlodipine',
    condition: 'Hypertension',
    dosing: 'age',
    avgWeightDosage: 0.1,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'C',
    contraindications: [],
    lifestyles: ['Grapefruit juice consumption'],
    dosages: [
      {
        category: 'child',
        dose: [2.5, 5, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [3, 12, 'months'],
      },
      {
        category: 'adult',
        dose: [5, 10, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [6, 12, 'months'],
      },
      {
        category: 'geriatric',
        dose: [2.5, 5, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [6, 12, 'months'],
      },
      {
        category: 'adolescent',
        dose: [2.5, 5, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [6, 12, 'months'],
      },
    ],
  },
  {
    name: 'Omeprazole',
    condition: 'Gastroesophageal reflux disease',
    dosing: 'age',
    avgWeightDosage: 0.3,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'C',
    contraindications: ['Osteoporosis'],
    lifestyles: [],
    dosages: [
      {
        category: 'child',
        dose: [5, 20, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [2, 8, 'weeks'],
      },
      {
        category: 'adult',
        dose: [20, 40, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [4, 8, 'weeks'],
      },
      {
        category: 'adolescent',
        dose: [20, 40, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [4, 8, 'weeks'],
      },
      {
        category: 'geriatric',
        dose: [20, 40, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [4, 8, 'weeks'],
      },
    ],
  },
  {
    name: 'Salbutamol',
    condition: 'Asthma',
    dosing: 'age',
    avgWeightDosage: 150,
    avgWeightDosageUnit: 'mcg',
    pregnancyCategory: 'C',
    contraindications: [],
    lifestyles: [],
    dosages: [
      {
        category: 'child',
        dose: [100, 200, 'mcg'],
        frequency: [4, 6, 'hours'],
        duration: [1, 7, 'days'],
      },
      {
        category: 'adult',
        dose: [100, 200, 'mcg'],
        frequency: [4, 6, 'hours'],
        duration: [1, 14, 'days'],
      },
      {
        category: 'adolescent',
        dose: [100, 200, 'mcg'],
        frequency: [4, 6, 'hours'],
        duration: [1, 14, 'days'],
      },
      {
        category: 'geriatric',
        dose: [100, 200, 'mcg'],
        frequency: [4, 6, 'hours'],
        duration: [1, 14, 'days'],
      },
    ],
  },
  {
    name: 'Levothyroxine',
    condition: 'Hypothyroidism',
    dosing: 'age',
    avgWeightDosage: 1.6,
    avgWeightDosageUnit: 'mcg',
    pregnancyCategory: 'A',
    contraindications: [],
    lifestyles: [],
    dosages: [
      {
        category: 'neonate',
        dose: [25, 50, 'mcg'],
        frequency: [1, 1, 'days'],
        duration: [6, 12, 'months'],
      },
      {
        category: 'child',
        dose: [50, 100, 'mcg'],
        frequency: [1, 1, 'days'],
        duration: [6, 12, 'months'],
      },
      {
        category: 'adult',
        dose: [50, 200, 'mcg'],
        frequency: [1, 1, 'days'],
        duration: [6, 12, 'months'],
      },
      {
        category: 'infant',
        dose: [25, 50, 'mcg'],
        frequency: [1, 1, 'days'],
        duration: [6, 12, 'months'],
      },
      {
        category: 'adolescent',
        dose: [50, 150, 'mcg'],
        frequency: [1, 1, 'days'],
        duration: [6, 12, 'months'],
      },
      {
        category: 'geriatric',
        dose: [25, 100, 'mcg'],
        frequency: [1, 1, 'days'],
        duration: [6, 12, 'months'],
      },
    ],
  },
  {
    name: 'Furosemide',
    condition: 'Heart failure',
    dosing: 'age',
    avgWeightDosage: 1,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'C',
    contraindications: ['Gout'],
    lifestyles: [],
    dosages: [
      {
        category: 'infant',
        dose: [2, 8, 'mg'],
        frequency: [12, 24, 'hours'],
        duration: [3, 7, 'days'],
      },
      {
        category: 'adult',
        dose: [20, 80, 'mg'],
        frequency: [12, 24, 'hours'],
        duration: [1, 4, 'weeks'],
      },
      {
        category: 'geriatric',
        dose: [20, 40, 'mg'],
        frequency: [24, 24, 'hours'],
        duration: [1, 4, 'weeks'],
      },
      {
        category: 'child',
        dose: [5, 20, 'mg'],
        frequency: [12, 24, 'hours'],
        duration: [1, 4, 'weeks'],
      },
      {
        category: 'adolescent',
        dose: [20, 40, 'mg'],
        frequency: [12, 24, 'hours'],
        duration: [1, 4, 'weeks'],
      },
    ],
  },
  {
    name: 'Digoxin',
    condition: 'Heart failure',
    dosing: 'age',
    avgWeightDosage: 5,
    avgWeightDosageUnit: 'mcg',
    pregnancyCategory: 'C',
    contraindications: [],
    lifestyles: [],
    dosages: [
      {
        category: 'adult',
        dose: [125, 250, 'mcg'],
        frequency: [1, 1, 'days'],
        duration: [3, 12, 'months'],
      },
      {
        category: 'geriatric',
        dose: [62.5, 125, 'mcg'],
        frequency: [1, 1, 'days'],
        duration: [3, 12, 'months'],
      },
    ],
  },
  {
    name: 'Allopurinol',
    condition: 'Gout',
    dosing: 'age',
    avgWeightDosage: 5,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'C',
    contraindications: [],
    lifestyles: [],
    dosages: [
      {
        category: 'adult',
        dose: [100, 300, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [6, 12, 'months'],
      },
      {
        category: 'geriatric',
        dose: [100, 200, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [6, 12, 'months'],
      },
    ],
  },
  {
    name: 'Sumatriptan',
    condition: 'Migraine',
    dosing: 'age',
    avgWeightDosage: null,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'C',
    contraindications: ['Hypertension', 'Coronary artery disease'],
    lifestyles: ['Smoking'],
    dosages: [
      {
        category: 'adolescent',
        dose: [25, 50, 'mg'],
        frequency: [2, 4, 'hours'],
        duration: [1, 1, 'days'],
      },
      {
        category: 'adult',
        dose: [50, 100, 'mg'],
        frequency: [2, 4, 'hours'],
        duration: [1, 1, 'days'],
      },
    ],
  },
  {
    name: 'Cetirizine',
    condition: 'Allergic rhinitis',
    dosing: 'age',
    avgWeightDosage: null,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: null,
    contraindications: [],
    lifestyles: [],
    dosages: [
      {
        category: 'child',
        dose: [2.5, 5, 'mg'],
        frequency: [12, 24, 'hours'],
        duration: [1, 4, 'weeks'],
      },
      {
        category: 'adolescent',
        dose: [5, 10, 'mg'],
        frequency: [24, 24, 'hours'],
        duration: [1, 12, 'weeks'],
      },
      {
        category: 'adult',
        dose: [5, 10, 'mg'],
        frequency: [24, 24, 'hours'],
        duration: [1, 12, 'weeks'],
      },
      {
        category: 'geriatric',
        dose: [5, 10, 'mg'],
        frequency: [24, 24, 'hours'],
        duration: [1, 12, 'weeks'],
      },
    ],
  },
  {
    name: 'Alendronate',
    condition: 'Osteoporosis',
    dosing: 'age',
    avgWeightDosage: null,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'C',
    contraindications: ['Gastroesophageal reflux disease', 'Chronic kidney disease'],
    lifestyles: [],
    dosages: [
      {
        category: 'adult',
        dose: [70, 70, 'mg'],
        frequency: [1, 1, 'weeks'],
        duration: [12, 60, 'months'],
      },
      {
        category: 'geriatric',
        dose: [70, 70, 'mg'],
        frequency: [1, 1, 'weeks'],
        duration: [12, 60, 'months'],
      },
    ],
  },
  {
    name: 'Zolpidem',
    condition: 'Insomnia',
    dosing: 'age',
    avgWeightDosage: null,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'C',
    contraindications: ['Chronic obstructive pulmonary disease', 'Myasthenia gravis'],
    lifestyles: ['Alcohol consumption', 'Heavy machinery operation'],
    dosages: [
      {
        category: 'adult',
        dose: [5, 10, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [1, 4, 'weeks'],
      },
      {
        category: 'geriatric',
        dose: [5, 5, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [1, 2, 'weeks'],
      },
    ],
  },
  {
    name: 'Methotrexate',
    condition: 'Rheumatoid arthritis',
    dosing: 'age',
    avgWeightDosage: 0.25,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'X',
    contraindications: ['Liver cirrhosis', 'Chronic kidney disease'],
    lifestyles: ['Alcohol consumption', 'Pregnancy planning', 'Breastfeeding'],
    dosages: [
      {
        category: 'child',
        dose: [5, 15, 'mg'],
        frequency: [1, 1, 'weeks'],
        duration: [3, 12, 'months'],
      },
      {
        category: 'adult',
        dose: [7.5, 25, 'mg'],
        frequency: [1, 1, 'weeks'],
        duration: [3, 12, 'months'],
      },
      {
        category: 'geriatric',
        dose: [5, 15, 'mg'],
        frequency: [1, 1, 'weeks'],
        duration: [3, 12, 'months'],
      },
      {
        category: 'adolescent',
        dose: [5, 15, 'mg'],
        frequency: [1, 1, 'weeks'],
        duration: [3, 12, 'months'],
      },
    ],
  },
  {
    name: 'Clopidogrel',
    condition: 'Coronary artery disease',
    dosing: 'age',
    avgWeightDosage: 1,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'B',
    contraindications: ['Bleeding disorders', 'Peptic ulcer'],
    lifestyles: [],
    dosages: [
      {
        category: 'adult',
        dose: [75, 75, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [1, 12, 'months'],
      },
      {
        category: 'geriatric',
        dose: [75, 75, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [1, 12, 'months'],
      },
    ],
  },
];

/** One row per pair; `medication` is stored as medication_id, `interactsWith` as the other. */
export const INTERACTIONS: InteractionSeed[] = [
  // contraindicated
  {
    medication: 'Methotrexate',
    interactsWith: 'Co-trimoxazole',
    severity: 'contraindicated',
    description: 'Additive antifolate effect: risk of severe bone marrow suppression.',
  },
  // major
  {
    medication: 'Warfarin',
    interactsWith: 'Ibuprofen',
    severity: 'major',
    description: 'Increased bleeding risk, including gastrointestinal bleeding.',
  },
  {
    medication: 'Warfarin',
    interactsWith: 'Fluconazole',
    severity: 'major',
    description: 'Fluconazole inhibits warfarin metabolism (CYP2C9): raised INR and bleeding risk.',
  },
  {
    medication: 'Warfarin',
    interactsWith: 'Metronidazole',
    severity: 'major',
    description: 'Metronidazole potentiates warfarin: raised INR and bleeding risk.',
  },
  {
    medication: 'Warfarin',
    interactsWith: 'Co-trimoxazole',
    severity: 'major',
    description: 'Markedly raised INR; monitor closely or choose another antibiotic.',
  },
  {
    medication: 'Warfarin',
    interactsWith: 'Clopidogrel',
    severity: 'major',
    description: 'Anticoagulant plus antiplatelet: increased bleeding risk.',
  },
  {
    medication: 'Gentamicin',
    interactsWith: 'Vancomycin',
    severity: 'major',
    description: 'Additive nephrotoxicity and ototoxicity; monitor levels and renal function.',
  },
  {
    medication: 'Methotrexate',
    interactsWith: 'Ibuprofen',
    severity: 'major',
    description: 'NSAIDs reduce methotrexate clearance: risk of methotrexate toxicity.',
  },
  {
    medication: 'Sumatriptan',
    interactsWith: 'Fluoxetine',
    severity: 'major',
    description: 'Risk of serotonin syndrome.',
  },
  {
    medication: 'Enoxaparin',
    interactsWith: 'Clopidogrel',
    severity: 'major',
    description: 'Increased bleeding risk.',
  },
  {
    medication: 'Sertraline',
    interactsWith: 'Fluoxetine',
    severity: 'major',
    description: 'Two SSRIs together: high risk of serotonin syndrome.',
  },
  {
    medication: 'Morphine',
    interactsWith: 'Zolpidem',
    severity: 'major',
    description: 'Additive CNS depression: risk of profound sedation and respiratory depression.',
  },
  {
    medication: 'Clopidogrel',
    interactsWith: 'Omeprazole',
    severity: 'major',
    description:
      'Omeprazole inhibits CYP2C19 and reduces the antiplatelet effect: the label says to avoid the combination.',
  },
  {
    medication: 'Warfarin',
    interactsWith: 'Sertraline',
    severity: 'major',
    description: 'SSRIs impair platelet function and may raise the INR: increased bleeding risk.',
  },
  {
    medication: 'Warfarin',
    interactsWith: 'Fluoxetine',
    severity: 'major',
    description:
      'Fluoxetine inhibits warfarin metabolism and impairs platelet function: increased bleeding risk.',
  },
  {
    medication: 'Warfarin',
    interactsWith: 'Phenytoin',
    severity: 'major',
    description: 'Each alters the other: the INR and phenytoin levels may both rise, then fall.',
  },
  {
    medication: 'Fluconazole',
    interactsWith: 'Simvastatin',
    severity: 'major',
    description:
      'Fluconazole inhibits simvastatin metabolism (CYP3A4): risk of myopathy and rhabdomyolysis.',
  },
  {
    medication: 'Fluconazole',
    interactsWith: 'Phenytoin',
    severity: 'major',
    description: 'Fluconazole raises phenytoin levels (CYP2C9): risk of toxicity.',
  },
  {
    medication: 'Gentamicin',
    interactsWith: 'Furosemide',
    severity: 'major',
    description: 'Loop diuretics add to aminoglycoside ototoxicity and nephrotoxicity.',
  },
  {
    medication: 'Enoxaparin',
    interactsWith: 'Warfarin',
    severity: 'major',
    description:
      'Two anticoagulants: increased bleeding risk (overlap only while starting warfarin, with INR monitoring).',
  },
  {
    medication: 'Enoxaparin',
    interactsWith: 'Ibuprofen',
    severity: 'major',
    description: 'NSAIDs with a heparin: increased bleeding risk.',
  },
  {
    medication: 'Clopidogrel',
    interactsWith: 'Ibuprofen',
    severity: 'major',
    description: 'Antiplatelet plus NSAID: increased gastrointestinal bleeding risk.',
  },
  {
    medication: 'Co-trimoxazole',
    interactsWith: 'Lisinopril',
    severity: 'major',
    description: 'Trimethoprim with an ACE inhibitor: risk of severe hyperkalaemia.',
  },
  {
    medication: 'Sumatriptan',
    interactsWith: 'Sertraline',
    severity: 'major',
    description: 'Triptan plus SSRI: risk of serotonin syndrome.',
  },
  // moderate
  {
    medication: 'Amoxicillin',
    interactsWith: 'Ceftriaxone',
    severity: 'moderate',
    description: 'Penicillin allergy: low but real cross-reactivity with cephalosporins.',
    isAllergen: true,
  },
  {
    medication: 'Co-trimoxazole',
    interactsWith: 'Furosemide',
    severity: 'moderate',
    description: 'Both contain a sulfonamide group: possible cross-sensitivity in sulfa allergy.',
    isAllergen: true,
  },
  {
    medication: 'Digoxin',
    interactsWith: 'Furosemide',
    severity: 'moderate',
    description: 'Diuretic-induced hypokalaemia increases the risk of digoxin toxicity.',
  },
  {
    medication: 'Lisinopril',
    interactsWith: 'Ibuprofen',
    severity: 'moderate',
    description: 'Reduced antihypertensive effect and risk of kidney injury.',
  },
  {
    medication: 'Simvastatin',
    interactsWith: 'Amlodipine',
    severity: 'moderate',
    description: 'Raised simvastatin levels: increased risk of myopathy; limit the statin dose.',
  },
  {
    medication: 'Sodium valproate',
    interactsWith: 'Phenytoin',
    severity: 'moderate',
    description: 'Altered levels of both drugs; monitor seizure control and levels.',
  },
  {
    medication: 'Prednisolone',
    interactsWith: 'Ibuprofen',
    severity: 'moderate',
    description: 'Increased risk of gastrointestinal ulceration and bleeding.',
  },
  {
    medication: 'Ondansetron',
    interactsWith: 'Sertraline',
    severity: 'moderate',
    description: 'Possible serotonin syndrome and QT prolongation.',
  },
  {
    medication: 'Warfarin',
    interactsWith: 'Levothyroxine',
    severity: 'moderate',
    description:
      'Correcting hypothyroidism speeds clotting-factor breakdown: the INR may rise; monitor it.',
  },
  {
    medication: 'Fluconazole',
    interactsWith: 'Atorvastatin',
    severity: 'moderate',
    description: 'Fluconazole raises atorvastatin levels (CYP3A4): higher myopathy risk.',
  },
  {
    medication: 'Ondansetron',
    interactsWith: 'Fluoxetine',
    severity: 'moderate',
    description:
      'Serotonergic drugs together: risk of serotonin syndrome; both prolong the QT interval.',
  },
  {
    medication: 'Cefalexin',
    interactsWith: 'Ceftriaxone',
    severity: 'moderate',
    description:
      'Two cephalosporins: duplicate therapy, and an allergy to one applies to the other.',
    isAllergen: true,
  },
  {
    medication: 'Amoxicillin',
    interactsWith: 'Cefalexin',
    severity: 'moderate',
    description:
      'A penicillin and a first-generation cephalosporin: cross-sensitivity in penicillin allergy.',
    isAllergen: true,
  },
  // minor
  {
    medication: 'Levothyroxine',
    interactsWith: 'Omeprazole',
    severity: 'minor',
    description: 'Reduced stomach acid may lower levothyroxine absorption.',
  },
  {
    medication: 'Alendronate',
    interactsWith: 'Omeprazole',
    severity: 'minor',
    description: 'Proton pump inhibitors may slightly reduce the benefit of bisphosphonates.',
  },
  {
    medication: 'Metformin',
    interactsWith: 'Furosemide',
    severity: 'minor',
    description: 'Small changes in metformin and furosemide levels; usually not significant.',
  },
  {
    medication: 'Paracetamol',
    interactsWith: 'Warfarin',
    severity: 'minor',
    description: 'Regular paracetamol use may modestly raise the INR.',
  },
  {
    medication: 'Salbutamol',
    interactsWith: 'Furosemide',
    severity: 'minor',
    description: 'Both can lower potassium levels.',
  },
  {
    medication: 'Allopurinol',
    interactsWith: 'Amoxicillin',
    severity: 'minor',
    description:
      'Rashes are more frequent when the two are taken together; not an allergic cross-sensitivity.',
  },
  {
    medication: 'Cetirizine',
    interactsWith: 'Zolpidem',
    severity: 'minor',
    description: 'Additive drowsiness.',
  },
];

export const USERS: UserSeed[] = [
  { name: 'Olivia Bennett', email: 'olivia.bennett@example.com' },
  { name: 'Liam Carter', email: 'liam.carter@example.com' },
  { name: 'Amara Okafor', email: 'amara.okafor@example.com' },
  { name: 'Noah Fischer', email: 'noah.fischer@example.com' },
  { name: 'Sofia Martinez', email: 'sofia.martinez@example.com' },
  { name: 'Ethan Nguyen', email: 'ethan.nguyen@example.com' },
  { name: 'Priya Sharma', email: 'priya.sharma@example.com' },
  { name: 'Lucas Moreau', email: 'lucas.moreau@example.com' },
  { name: 'Hannah Schmidt', email: 'hannah.schmidt@example.com' },
  { name: 'Daniel Kowalski', email: 'daniel.kowalski@example.com' },
  { name: 'Yuki Tanaka', email: 'yuki.tanaka@example.com' },
  { name: "Grace O'Connor", email: 'grace.oconnor@example.com' },
  { name: 'Mateo Rossi', email: 'mateo.rossi@example.com' },
  { name: 'Chloe Dubois', email: 'chloe.dubois@example.com' },
  { name: 'Samuel Adeyemi', email: 'samuel.adeyemi@example.com' },
  { name: 'Isabella Costa', email: 'isabella.costa@example.com' },
  { name: 'Omar Haddad', email: 'omar.haddad@example.com' },
  { name: 'Emily Johansson', email: 'emily.johansson@example.com' },
  { name: 'Ravi Patel', email: 'ravi.patel@example.com' },
  { name: 'Zoe Williams', email: 'zoe.williams@example.com' },
];

/** Names searched more often than the rest (the search history favours them). */
export const POPULAR_SEARCHES: string[] = [
  'Paracetamol',
  'Ibuprofen',
  'Amoxicillin',
  'Metformin',
  'Atorvastatin',
  'Sertraline',
  'Omeprazole',
  'Lisinopril',
  'Warfarin',
  'Salbutamol',
];

/** The simple drug list. Manufacturers are fictional. */
export const DRUGS: DrugSeed[] = [
  {
    name: 'Amoxicillin',
    description: 'Broad-spectrum penicillin antibiotic.',
    dosage: '500 mg three times daily',
    sideEffects: ['Diarrhoea', 'Nausea', 'Skin rash'],
    contraindications: ['Penicillin allergy', 'Infectious mononucleosis'],
    category: 'Antibiotic',
    manufacturer: 'Meridian Generics',
  },
  {
    name: 'Azithromycin',
    description: 'Macrolide antibiotic for respiratory and skin infections.',
    dosage: '500 mg once daily for 3 days',
    sideEffects: ['Diarrhoea', 'Abdominal pain', 'Nausea'],
    contraindications: ['Macrolide allergy', 'History of cholestatic jaundice'],
    category: 'Antibiotic',
    manufacturer: 'Northbridge Pharma',
  },
  {
    name: 'Ciprofloxacin',
    description: 'Fluoroquinolone antibiotic.',
    dosage: '500 mg twice daily',
    sideEffects: ['Nausea', 'Tendon pain', 'Dizziness', 'Photosensitivity'],
    contraindications: ['Fluoroquinolone allergy', 'Myasthenia gravis', 'Use with tizanidine'],
    category: 'Antibiotic',
    manufacturer: 'Alder Labs',
  },
  {
    name: 'Ibuprofen',
    description: 'Non-steroidal anti-inflammatory drug for pain and inflammation.',
    dosage: '400 mg every 6 to 8 hours with food',
    sideEffects: ['Indigestion', 'Heartburn', 'Nausea'],
    contraindications: ['Active peptic ulcer', 'Severe heart failure', 'NSAID allergy'],
    category: 'Analgesic',
    manufacturer: 'Crestview Pharmaceuticals',
  },
  {
    name: 'Paracetamol',
    description: 'Analgesic and antipyretic for mild to moderate pain and fever.',
    dosage: '500 mg to 1 g every 4 to 6 hours, at most 4 g a day',
    sideEffects: ['Rare skin reactions', 'Liver damage in overdose'],
    contraindications: ['Severe liver impairment', 'Paracetamol allergy'],
    category: 'Analgesic',
    manufacturer: 'Meridian Generics',
  },
  {
    name: 'Naproxen',
    description: 'Long-acting NSAID for arthritis and musculoskeletal pain.',
    dosage: '250 mg to 500 mg twice daily',
    sideEffects: ['Stomach pain', 'Headache', 'Fluid retention'],
    contraindications: ['Active peptic ulcer', 'Third trimester of pregnancy'],
    category: 'Analgesic',
    manufacturer: 'Harbor Life Sciences',
  },
  {
    name: 'Metformin',
    description: 'Biguanide that lowers hepatic glucose production.',
    dosage: '500 mg twice daily with meals',
    sideEffects: ['Diarrhoea', 'Nausea', 'Metallic taste', 'Vitamin B12 deficiency'],
    contraindications: ['Severe kidney impairment', 'Metabolic acidosis'],
    category: 'Antidiabetic',
    manufacturer: 'Northbridge Pharma',
  },
  {
    name: 'Gliclazide',
    description: 'Sulfonylurea that stimulates insulin release.',
    dosage: '80 mg once or twice daily',
    sideEffects: ['Hypoglycaemia', 'Weight gain'],
    contraindications: ['Type 1 diabetes', 'Severe liver impairment', 'Sulfonylurea allergy'],
    category: 'Antidiabetic',
    manufacturer: 'Alder Labs',
  },
  {
    name: 'Lisinopril',
    description: 'ACE inhibitor for hypertension and heart failure.',
    dosage: '10 mg once daily',
    sideEffects: ['Dry cough', 'Dizziness', 'Raised potassium'],
    contraindications: ['History of angioedema', 'Pregnancy'],
    category: 'Antihypertensive',
    manufacturer: 'Crestview Pharmaceuticals',
  },
  {
    name: 'Amlodipine',
    description: 'Calcium channel blocker for hypertension and angina.',
    dosage: '5 mg once daily',
    sideEffects: ['Ankle swelling', 'Flushing', 'Headache'],
    contraindications: ['Cardiogenic shock', 'Severe aortic stenosis'],
    category: 'Antihypertensive',
    manufacturer: 'Harbor Life Sciences',
  },
  {
    name: 'Bisoprolol',
    description: 'Cardioselective beta blocker.',
    dosage: '5 mg once daily',
    sideEffects: ['Fatigue', 'Cold hands and feet', 'Slow heart rate'],
    contraindications: ['Severe asthma', 'Heart block', 'Uncontrolled heart failure'],
    category: 'Antihypertensive',
    manufacturer: 'Meridian Generics',
  },
  {
    name: 'Atorvastatin',
    description: 'Statin that lowers LDL cholesterol.',
    dosage: '20 mg once daily',
    sideEffects: ['Muscle aches', 'Headache', 'Raised liver enzymes'],
    contraindications: ['Active liver disease', 'Pregnancy', 'Breastfeeding'],
    category: 'Lipid-lowering agent',
    manufacturer: 'Northbridge Pharma',
  },
  {
    name: 'Sertraline',
    description: 'Selective serotonin reuptake inhibitor.',
    dosage: '50 mg once daily',
    sideEffects: ['Nausea', 'Insomnia', 'Sexual dysfunction'],
    contraindications: ['Use with MAO inhibitors', 'Use with pimozide'],
    category: 'Antidepressant',
    manufacturer: 'Alder Labs',
  },
  {
    name: 'Citalopram',
    description: 'Selective serotonin reuptake inhibitor.',
    dosage: '20 mg once daily',
    sideEffects: ['Nausea', 'Drowsiness', 'Dry mouth', 'QT prolongation'],
    contraindications: ['Use with MAO inhibitors', 'Congenital long QT syndrome'],
    category: 'Antidepressant',
    manufacturer: 'Crestview Pharmaceuticals',
  },
  {
    name: 'Omeprazole',
    description: 'Proton pump inhibitor that reduces stomach acid.',
    dosage: '20 mg once daily before breakfast',
    sideEffects: ['Headache', 'Abdominal pain', 'Diarrhoea'],
    contraindications: ['Use with nelfinavir', 'PPI allergy'],
    category: 'Proton pump inhibitor',
    manufacturer: 'Harbor Life Sciences',
  },
  {
    name: 'Cetirizine',
    description: 'Non-sedating antihistamine for allergies.',
    dosage: '10 mg once daily',
    sideEffects: ['Drowsiness', 'Dry mouth'],
    contraindications: ['Severe kidney impairment', 'Hydroxyzine allergy'],
    category: 'Antihistamine',
    manufacturer: 'Meridian Generics',
  },
  {
    name: 'Salbutamol',
    description: 'Short-acting beta-2 agonist bronchodilator.',
    dosage: '100 mcg to 200 mcg inhaled as needed',
    sideEffects: ['Tremor', 'Palpitations', 'Headache'],
    contraindications: ['Salbutamol allergy', 'Threatened miscarriage'],
    category: 'Bronchodilator',
    manufacturer: 'Northbridge Pharma',
  },
  {
    name: 'Warfarin',
    description: 'Vitamin K antagonist anticoagulant.',
    dosage: '2 mg to 10 mg once daily, adjusted to INR',
    sideEffects: ['Bleeding', 'Bruising', 'Hair loss'],
    contraindications: ['Active bleeding', 'Pregnancy', 'Recent major surgery'],
    category: 'Anticoagulant',
    manufacturer: 'Alder Labs',
  },
  {
    name: 'Levothyroxine',
    description: 'Synthetic thyroid hormone replacement.',
    dosage: '50 mcg to 100 mcg once daily on an empty stomach',
    sideEffects: ['Palpitations', 'Weight loss', 'Heat intolerance'],
    contraindications: ['Untreated adrenal insufficiency', 'Acute myocardial infarction'],
    category: 'Thyroid hormone',
    manufacturer: 'Crestview Pharmaceuticals',
  },
  {
    name: 'Prednisolone',
    description: 'Oral corticosteroid for inflammatory and autoimmune conditions.',
    dosage: '40 mg once daily for 5 days',
    sideEffects: ['Raised blood sugar', 'Mood changes', 'Increased appetite', 'Insomnia'],
    contraindications: ['Systemic fungal infection', 'Live vaccines during treatment'],
    category: 'Corticosteroid',
    manufacturer: 'Harbor Life Sciences',
  },
];

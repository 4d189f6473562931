import type {
  AgeUnit,
  CautionSeverity,
  DosageUnit,
  DurationUnit,
  FrequencyUnit,
  PregnancyCategory,
  Severity,
} from '@contract/enums';
import type { AgeKey } from './age-categories';
import type { WeightCategoryName } from './weight-categories';

/**
 * The demo medications with their dosages and contraindications (see ./index.ts).
 *
 * Conventions: units are lowercase, as the schema requires. A dosage's `frequency` is the dosing
 * interval ("every 6 to 8 hours" is `[6, 8, 'hours']`) and its `duration` how long the course runs.
 * `avgWeightDosage` is a typical dose per kg of body weight. A dose in `mg/kg` or `mcg/kg` is per kg
 * of body weight (the safety check multiplies it by the patient's weight).
 */

export type { DosageUnit, PregnancyCategory };
/** A unit both frequencies and durations may take: the demo data writes both with it. */
export type TimeUnit = FrequencyUnit & DurationUnit;

/** [min, max, unit]. */
export type Range<U> = [number, number, U];

/** A condition to use the medication in with caution, and how much. */
export interface CautionSeed {
  condition: string;
  severity: CautionSeverity;
}
/** A condition's name (contraindicated), or a caution. */
export type ConditionLinkSeed = string | CautionSeed;
const caution = (condition: string, severity: CautionSeverity = 'moderate'): CautionSeed => ({
  condition,
  severity,
});

export interface DosageSeed<K extends string> {
  category: K;
  dose: Range<DosageUnit>;
  frequency: Range<TimeUnit>;
  duration: Range<TimeUnit>;
  /** The most in 24 hours, in the dose's unit (per kg when it is). */
  maxDaily?: number;
  /** The most in one dose, in the dose's unit without "per kg" (mg for mg/kg). */
  maxDose?: number;
}

interface MedicationBase {
  name: string;
  /** Name of the condition it treats. */
  condition: string;
  avgWeightDosage: number | null;
  avgWeightDosageUnit: DosageUnit;
  pregnancyCategory: PregnancyCategory | null;
  /**
   * The conditions it is linked to: a name alone is a contraindication, `caution(name)` a caution
   * (moderate unless a severity is given).
   */
  contraindications: ConditionLinkSeed[];
  /**
   * The lifestyles it is linked to: a name alone is a major one, `[name, severity]` another
   * severity.
   */
  lifestyles: (string | [string, Severity])[];
  /** The age under which it is contraindicated ("not under 6 weeks"). */
  minimumAge?: [number, AgeUnit];
  /**
   * What it contains, with the strength per product unit; left out, one ingredient of its own
   * name with no strength stated.
   */
  ingredients?: IngredientSeed[];
}

export interface IngredientSeed {
  name: string;
  strength: [number, 'mg' | 'mcg' | 'g', 'tablet' | 'capsule' | 'ml'];
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
    ingredients: [{ name: 'Paracetamol', strength: [500, 'mg', 'tablet'] }],
    dosing: 'weight',
    avgWeightDosage: 15,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'B',
    contraindications: [caution('Liver cirrhosis')],
    lifestyles: ['Alcohol consumption'],
    dosages: [
      {
        category: 'Underweight',
        dose: [10, 15, 'mg/kg'],
        frequency: [6, 8, 'hours'],
        duration: [1, 3, 'days'],
        maxDaily: 60,
      },
      {
        category: 'Normal',
        dose: [500, 1000, 'mg'],
        frequency: [6, 8, 'hours'],
        duration: [1, 5, 'days'],
        maxDaily: 4000,
      },
      {
        category: 'Overweight',
        dose: [1000, 1000, 'mg'],
        frequency: [6, 8, 'hours'],
        duration: [1, 5, 'days'],
        maxDaily: 4000,
      },
      {
        category: 'Obese',
        dose: [1000, 1000, 'mg'],
        frequency: [6, 8, 'hours'],
        duration: [1, 5, 'days'],
        maxDaily: 4000,
      },
    ],
    ageDosages: [
      {
        category: 'neonate',
        dose: [10, 15, 'mg/kg'],
        frequency: [6, 8, 'hours'],
        duration: [1, 3, 'days'],
        maxDaily: 60,
      },
      {
        category: 'infant',
        dose: [10, 15, 'mg/kg'],
        frequency: [6, 8, 'hours'],
        duration: [1, 3, 'days'],
        maxDaily: 75,
      },
      {
        category: 'child',
        dose: [10, 15, 'mg/kg'],
        frequency: [6, 8, 'hours'],
        duration: [1, 3, 'days'],
        maxDaily: 75,
      },
      {
        category: 'adolescent',
        dose: [500, 1000, 'mg'],
        frequency: [6, 8, 'hours'],
        duration: [1, 5, 'days'],
        maxDaily: 4000,
      },
      {
        category: 'adult',
        dose: [500, 1000, 'mg'],
        frequency: [6, 8, 'hours'],
        duration: [1, 5, 'days'],
        maxDaily: 4000,
      },
      {
        category: 'geriatric',
        dose: [500, 1000, 'mg'],
        frequency: [6, 8, 'hours'],
        duration: [1, 5, 'days'],
        maxDaily: 4000,
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
    ageDosages: [
      // 10 mg/kg, never more than the adult 500 mg in one dose.
      {
        category: 'child',
        dose: [10, 10, 'mg/kg'],
        frequency: [1, 1, 'days'],
        duration: [3, 5, 'days'],
        maxDose: 500,
      },
      {
        category: 'adolescent',
        dose: [500, 500, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [3, 5, 'days'],
      },
      {
        category: 'adult',
        dose: [500, 500, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [3, 5, 'days'],
      },
      {
        category: 'geriatric',
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
    // Per kg for children (an adult band's fixed dose never reaches them); adults as by weight.
    ageDosages: [
      {
        category: 'infant',
        dose: [12.5, 25, 'mg/kg'],
        frequency: [8, 12, 'hours'],
        duration: [5, 10, 'days'],
        maxDaily: 100,
      },
      {
        category: 'child',
        dose: [12.5, 25, 'mg/kg'],
        frequency: [8, 12, 'hours'],
        duration: [5, 10, 'days'],
        maxDaily: 100,
      },
      {
        category: 'adolescent',
        dose: [12.5, 25, 'mg/kg'],
        frequency: [8, 12, 'hours'],
        duration: [5, 10, 'days'],
        maxDaily: 100,
      },
      {
        category: 'adult',
        dose: [500, 500, 'mg'],
        frequency: [6, 12, 'hours'],
        duration: [7, 14, 'days'],
      },
      {
        category: 'geriatric',
        dose: [500, 500, 'mg'],
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
    contraindications: [caution('Chronic kidney disease', 'major'), 'Myasthenia gravis'],
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
    pregnancyCategory: 'C',
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
    // Per kg for children (an adult band's fixed dose never reaches them); adults as by weight.
    ageDosages: [
      {
        category: 'infant',
        dose: [10, 15, 'mg/kg'],
        frequency: [6, 8, 'hours'],
        duration: [7, 14, 'days'],
        maxDaily: 60,
      },
      {
        category: 'child',
        dose: [10, 15, 'mg/kg'],
        frequency: [6, 8, 'hours'],
        duration: [7, 14, 'days'],
        maxDaily: 60,
      },
      {
        category: 'adolescent',
        dose: [10, 15, 'mg/kg'],
        frequency: [6, 8, 'hours'],
        duration: [7, 14, 'days'],
        maxDaily: 60,
      },
      {
        category: 'adult',
        dose: [1000, 1250, 'mg'],
        frequency: [8, 12, 'hours'],
        duration: [7, 14, 'days'],
      },
      {
        category: 'geriatric',
        dose: [1000, 1250, 'mg'],
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
    // Treatment doses: 1 mg/kg every 12 hours or 1.5 mg/kg once a day, so at most 2 mg/kg a day
    // (1.5 mg/kg every 12 hours is refused by that maximum).
    dosages: [
      {
        category: 'Underweight',
        dose: [1, 1.5, 'mg/kg'],
        frequency: [12, 24, 'hours'],
        duration: [5, 10, 'days'],
        maxDaily: 2,
      },
      {
        category: 'Normal',
        dose: [1, 1.5, 'mg/kg'],
        frequency: [12, 24, 'hours'],
        duration: [5, 10, 'days'],
        maxDaily: 2,
      },
      {
        category: 'Obese',
        dose: [1, 1.5, 'mg/kg'],
        frequency: [12, 24, 'hours'],
        duration: [5, 10, 'days'],
        maxDaily: 2,
      },
      {
        category: 'Overweight',
        dose: [1, 1.5, 'mg/kg'],
        frequency: [12, 24, 'hours'],
        duration: [5, 10, 'days'],
        maxDaily: 2,
      },
    ],
    // Per kg for children (an adult band's fixed dose never reaches them); adults as by weight.
    ageDosages: [
      {
        category: 'infant',
        dose: [1.5, 1.5, 'mg/kg'],
        frequency: [12, 12, 'hours'],
        duration: [5, 10, 'days'],
      },
      {
        category: 'child',
        dose: [1, 1, 'mg/kg'],
        frequency: [12, 12, 'hours'],
        duration: [5, 10, 'days'],
      },
      {
        category: 'adolescent',
        dose: [1, 1, 'mg/kg'],
        frequency: [12, 12, 'hours'],
        duration: [5, 10, 'days'],
      },
      {
        category: 'adult',
        dose: [1, 1.5, 'mg/kg'],
        frequency: [12, 24, 'hours'],
        duration: [5, 10, 'days'],
        maxDaily: 2,
      },
      {
        category: 'geriatric',
        dose: [1, 1.5, 'mg/kg'],
        frequency: [12, 24, 'hours'],
        duration: [5, 10, 'days'],
        maxDaily: 2,
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
    // Per kg for children (an adult band's fixed dose never reaches them); adults as by weight.
    ageDosages: [
      {
        category: 'child',
        dose: [10, 20, 'mg/kg'],
        frequency: [6, 8, 'hours'],
        duration: [5, 7, 'days'],
        maxDaily: 80,
      },
      {
        category: 'adolescent',
        dose: [10, 20, 'mg/kg'],
        frequency: [6, 8, 'hours'],
        duration: [5, 7, 'days'],
        maxDaily: 80,
      },
      {
        category: 'adult',
        dose: [400, 800, 'mg'],
        frequency: [8, 8, 'hours'],
        duration: [7, 10, 'days'],
      },
      {
        category: 'geriatric',
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
        dose: [1000, 2000, 'mg'],
        frequency: [24, 24, 'hours'],
        duration: [5, 14, 'days'],
      },
      {
        category: 'Overweight',
        dose: [2000, 2000, 'mg'],
        frequency: [24, 24, 'hours'],
        duration: [7, 14, 'days'],
      },
      {
        category: 'Underweight',
        dose: [1000, 2000, 'mg'],
        frequency: [24, 24, 'hours'],
        duration: [5, 14, 'days'],
      },
      {
        category: 'Obese',
        dose: [2000, 2000, 'mg'],
        frequency: [24, 24, 'hours'],
        duration: [7, 14, 'days'],
      },
    ],
    ageDosages: [
      {
        category: 'neonate',
        dose: [20, 50, 'mg/kg'],
        frequency: [24, 24, 'hours'],
        duration: [5, 14, 'days'],
      },
      {
        category: 'infant',
        dose: [50, 80, 'mg/kg'],
        frequency: [24, 24, 'hours'],
        duration: [5, 14, 'days'],
      },
      {
        category: 'child',
        dose: [50, 80, 'mg/kg'],
        frequency: [24, 24, 'hours'],
        duration: [5, 14, 'days'],
      },
      {
        category: 'adolescent',
        dose: [1000, 2000, 'mg'],
        frequency: [24, 24, 'hours'],
        duration: [5, 14, 'days'],
      },
      {
        category: 'adult',
        dose: [1000, 2000, 'mg'],
        frequency: [24, 24, 'hours'],
        duration: [5, 14, 'days'],
      },
      {
        category: 'geriatric',
        dose: [1000, 2000, 'mg'],
        frequency: [24, 24, 'hours'],
        duration: [5, 14, 'days'],
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
    // Not under 6 weeks (kernicterus).
    minimumAge: [42, 'days'],
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
    // Per kg for children (an adult band's fixed dose never reaches them); adults as by weight.
    ageDosages: [
      {
        category: 'infant',
        dose: [24, 24, 'mg/kg'],
        frequency: [12, 12, 'hours'],
        duration: [3, 7, 'days'],
        maxDaily: 48,
      },
      {
        category: 'child',
        dose: [24, 24, 'mg/kg'],
        frequency: [12, 12, 'hours'],
        duration: [3, 7, 'days'],
        maxDaily: 48,
      },
      {
        category: 'adolescent',
        dose: [24, 24, 'mg/kg'],
        frequency: [12, 12, 'hours'],
        duration: [3, 7, 'days'],
        maxDaily: 48,
      },
      {
        category: 'adult',
        dose: [160, 160, 'mg'],
        frequency: [12, 12, 'hours'],
        duration: [3, 14, 'days'],
      },
      {
        category: 'geriatric',
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
    contraindications: [caution('Peptic ulcer'), caution('Osteoporosis')],
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
    // Per kg for children (an adult band's fixed dose never reaches them); adults as by weight.
    ageDosages: [
      {
        category: 'child',
        dose: [1, 2, 'mg/kg'],
        frequency: [24, 24, 'hours'],
        duration: [3, 5, 'days'],
        maxDaily: 2,
      },
      {
        category: 'adolescent',
        dose: [1, 2, 'mg/kg'],
        frequency: [24, 24, 'hours'],
        duration: [3, 5, 'days'],
        maxDaily: 2,
      },
      {
        category: 'adult',
        dose: [40, 50, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [5, 7, 'days'],
      },
      {
        category: 'geriatric',
        dose: [40, 50, 'mg'],
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
    // Per kg for children (an adult band's fixed dose never reaches them); adults as by weight.
    ageDosages: [
      {
        category: 'child',
        dose: [5, 15, 'mg/kg'],
        frequency: [12, 12, 'hours'],
        duration: [3, 12, 'months'],
        maxDaily: 30,
      },
      {
        category: 'adolescent',
        dose: [5, 15, 'mg/kg'],
        frequency: [12, 12, 'hours'],
        duration: [3, 12, 'months'],
        maxDaily: 30,
      },
      {
        category: 'adult',
        dose: [500, 750, 'mg'],
        frequency: [12, 12, 'hours'],
        duration: [6, 12, 'months'],
      },
      {
        category: 'geriatric',
        dose: [500, 750, 'mg'],
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
    contraindications: [caution('Major depressive disorder')],
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
    // Per kg for children (an adult band's fixed dose never reaches them); adults as by weight.
    ageDosages: [
      {
        category: 'infant',
        dose: [7, 21, 'mg/kg'],
        frequency: [12, 12, 'hours'],
        duration: [3, 12, 'months'],
        maxDaily: 42,
      },
      {
        category: 'child',
        dose: [10, 30, 'mg/kg'],
        frequency: [12, 12, 'hours'],
        duration: [3, 12, 'months'],
        maxDaily: 60,
      },
      {
        category: 'adolescent',
        dose: [10, 30, 'mg/kg'],
        frequency: [12, 12, 'hours'],
        duration: [3, 12, 'months'],
        maxDaily: 60,
      },
      {
        category: 'adult',
        dose: [500, 1500, 'mg'],
        frequency: [12, 12, 'hours'],
        duration: [6, 12, 'months'],
      },
      {
        category: 'geriatric',
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
    // Per kg for children (an adult band's fixed dose never reaches them); adults as by weight.
    ageDosages: [
      {
        category: 'child',
        dose: [2.5, 5, 'mg/kg'],
        frequency: [12, 12, 'hours'],
        duration: [3, 12, 'months'],
        maxDaily: 10,
      },
      {
        category: 'adolescent',
        dose: [2.5, 5, 'mg/kg'],
        frequency: [12, 12, 'hours'],
        duration: [3, 12, 'months'],
        maxDaily: 10,
      },
      {
        category: 'adult',
        dose: [100, 100, 'mg'],
        frequency: [8, 8, 'hours'],
        duration: [6, 12, 'months'],
      },
      {
        category: 'geriatric',
        dose: [100, 100, 'mg'],
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
    contraindications: ['Liver cirrhosis', caution('Epilepsy')],
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
    // Per kg for children (an adult band's fixed dose never reaches them); adults as by weight.
    ageDosages: [
      {
        category: 'child',
        dose: [7.5, 7.5, 'mg/kg'],
        frequency: [8, 8, 'hours'],
        duration: [5, 7, 'days'],
        maxDaily: 22.5,
      },
      {
        category: 'adolescent',
        dose: [7.5, 7.5, 'mg/kg'],
        frequency: [8, 8, 'hours'],
        duration: [5, 7, 'days'],
        maxDaily: 22.5,
      },
      {
        category: 'adult',
        dose: [400, 500, 'mg'],
        frequency: [8, 12, 'hours'],
        duration: [5, 7, 'days'],
      },
      {
        category: 'geriatric',
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
    ageDosages: [
      // 0.1 to 0.15 mg/kg, at most 4 mg in one dose: from about 27 kg the per-kg maximum is more.
      {
        category: 'child',
        dose: [0.1, 0.15, 'mg/kg'],
        frequency: [8, 12, 'hours'],
        duration: [1, 3, 'days'],
        maxDose: 4,
      },
      {
        category: 'adolescent',
        dose: [4, 8, 'mg'],
        frequency: [8, 12, 'hours'],
        duration: [1, 5, 'days'],
      },
      {
        category: 'adult',
        dose: [4, 8, 'mg'],
        frequency: [8, 12, 'hours'],
        duration: [1, 5, 'days'],
      },
      {
        category: 'geriatric',
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
    contraindications: [
      caution('Chronic obstructive pulmonary disease', 'major'),
      caution('Asthma', 'major'),
      'Liver cirrhosis',
    ],
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
    contraindications: ['Major depressive disorder', caution('Hyperlipidemia')],
    lifestyles: ['Pregnancy planning', 'Breastfeeding'],
    minimumAge: [12, 'years'],
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
    // Per kg for children (an adult band's fixed dose never reaches them); adults as by weight.
    ageDosages: [
      {
        category: 'adolescent',
        dose: [0.5, 1, 'mg/kg'],
        frequency: [24, 24, 'hours'],
        duration: [4, 6, 'months'],
        maxDaily: 1,
      },
      {
        category: 'adult',
        dose: [40, 60, 'mg'],
        frequency: [1, 1, 'days'],
        duration: [4, 6, 'months'],
      },
      {
        category: 'geriatric',
        dose: [40, 60, 'mg'],
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
    // Per kg for children: 3 mg/kg a day for mucosal candidiasis up to 12 mg/kg for invasive
    // infection, once a day; a neonate clears it slowly, so every 48 to 72 hours. Adults from 50 mg
    // (the lightest band's least) to 400 mg (the heaviest's most), as the weight bands say.
    ageDosages: [
      {
        category: 'neonate',
        dose: [6, 12, 'mg/kg'],
        frequency: [48, 72, 'hours'],
        duration: [7, 14, 'days'],
      },
      {
        category: 'infant',
        dose: [3, 12, 'mg/kg'],
        frequency: [24, 24, 'hours'],
        duration: [7, 14, 'days'],
      },
      {
        category: 'child',
        dose: [3, 12, 'mg/kg'],
        frequency: [24, 24, 'hours'],
        duration: [7, 14, 'days'],
      },
      {
        category: 'adolescent',
        dose: [3, 12, 'mg/kg'],
        frequency: [24, 24, 'hours'],
        duration: [7, 14, 'days'],
      },
      {
        category: 'adult',
        dose: [50, 400, 'mg'],
        frequency: [24, 24, 'hours'],
        duration: [7, 14, 'days'],
      },
      {
        category: 'geriatric',
        dose: [50, 400, 'mg'],
        frequency: [24, 24, 'hours'],
        duration: [7, 14, 'days'],
      },
    ],
  },

  // ---------- dosed by age category ----------
  {
    // A combination product: its paracetamol adds to any other paracetamol prescribed.
    name: 'Co-codamol 30/500',
    condition: 'Acute pain',
    ingredients: [
      { name: 'Codeine', strength: [30, 'mg', 'tablet'] },
      { name: 'Paracetamol', strength: [500, 'mg', 'tablet'] },
    ],
    dosing: 'age',
    avgWeightDosage: null,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'C',
    contraindications: [caution('Liver cirrhosis'), caution('Asthma')],
    lifestyles: ['Alcohol consumption'],
    // Codeine is not given under 12 years.
    minimumAge: [12, 'years'],
    dosages: [
      {
        category: 'adolescent',
        dose: [1, 2, 'tablet'],
        frequency: [6, 6, 'hours'],
        duration: [1, 3, 'days'],
        maxDaily: 8,
      },
      {
        category: 'adult',
        dose: [1, 2, 'tablet'],
        frequency: [4, 6, 'hours'],
        duration: [1, 3, 'days'],
        maxDaily: 8,
      },
      {
        category: 'geriatric',
        dose: [1, 2, 'tablet'],
        frequency: [4, 6, 'hours'],
        duration: [1, 3, 'days'],
        maxDaily: 8,
      },
    ],
  },
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
    contraindications: [caution('Chronic kidney disease'), 'Liver cirrhosis'],
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
    // Only large amounts of grapefruit juice raise atorvastatin levels much.
    lifestyles: [['Grapefruit juice consumption', 'moderate'], 'Pregnancy planning'],
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
    contraindications: [caution('Epilepsy')],
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
    contraindications: [caution('Epilepsy')],
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
    // Grapefruit juice raises amlodipine levels a little: of minor account.
    lifestyles: [['Grapefruit juice consumption', 'minor']],
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
    contraindications: [caution('Osteoporosis', 'minor')],
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
    contraindications: [caution('Gout')],
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
        maxDaily: 300,
      },
    ],
  },
  {
    name: 'Cetirizine',
    condition: 'Allergic rhinitis',
    dosing: 'age',
    avgWeightDosage: null,
    avgWeightDosageUnit: 'mg',
    pregnancyCategory: 'B',
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

import type { DosageUnit } from '@contract/enums';

/**
 * Renal function categories (the KDIGO eGFR bands, in mL/min/1.73 m²) and the demo medications'
 * rules for them (see ./index.ts). Bands that share a bound do not overlap: on it, the one that
 * starts there applies (an eGFR of exactly 30 is G3b).
 *
 * ILLUSTRATIVE DEMO DATA ONLY. NOT MEDICAL ADVICE.
 */

export type RenalBand = 'G1' | 'G2' | 'G3a' | 'G3b' | 'G4' | 'G5';

export const RENAL_CATEGORIES: {
  name: RenalBand;
  min: number;
  max: number;
  description: string;
}[] = [
  { name: 'G1', min: 90, max: 200, description: 'Normal or high' },
  { name: 'G2', min: 60, max: 90, description: 'Mildly decreased' },
  { name: 'G3a', min: 45, max: 60, description: 'Mildly to moderately decreased' },
  { name: 'G3b', min: 30, max: 45, description: 'Moderately to severely decreased' },
  { name: 'G4', min: 15, max: 30, description: 'Severely decreased' },
  { name: 'G5', min: 0, max: 15, description: 'Kidney failure' },
];

/** The conditions a patient's kidney function is not known to be normal with. */
export const KIDNEY_CONDITIONS = ['Chronic kidney disease'];

export interface RenalRuleSeed {
  medication: string;
  band: RenalBand;
  avoid?: true;
  dose?: [number, number, DosageUnit];
  maxDaily?: number;
  /** The interval between doses, in hours. */
  everyHours?: [number, number];
}

export const RENAL_RULES: RenalRuleSeed[] = [
  // Enoxaparin below an eGFR of 30: 1 mg/kg once a day, not twice.
  { medication: 'Enoxaparin', band: 'G4', dose: [1, 1, 'mg/kg'], everyHours: [24, 24] },
  { medication: 'Enoxaparin', band: 'G5', dose: [1, 1, 'mg/kg'], everyHours: [24, 24] },
  // Metformin: at most 1 g a day at 30 to 45, avoided below 30.
  { medication: 'Metformin', band: 'G3b', dose: [500, 1000, 'mg'], maxDaily: 1000 },
  { medication: 'Metformin', band: 'G4', avoid: true },
  { medication: 'Metformin', band: 'G5', avoid: true },
  // Gentamicin once-daily dosing: the interval lengthens as kidney function falls.
  { medication: 'Gentamicin', band: 'G3a', everyHours: [36, 36] },
  { medication: 'Gentamicin', band: 'G3b', everyHours: [36, 48] },
  { medication: 'Gentamicin', band: 'G4', everyHours: [48, 48] },
  { medication: 'Gentamicin', band: 'G5', everyHours: [48, 72] },
  // Digoxin: a lower maintenance dose below an eGFR of 45.
  { medication: 'Digoxin', band: 'G3b', dose: [62.5, 125, 'mcg'], everyHours: [24, 24] },
  { medication: 'Digoxin', band: 'G4', dose: [62.5, 125, 'mcg'], everyHours: [24, 48] },
  { medication: 'Digoxin', band: 'G5', dose: [62.5, 62.5, 'mcg'], everyHours: [48, 48] },
];

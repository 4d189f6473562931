import type { AgeCategoryName, AgeUnit } from '@contract/enums';

/**
 * Age categories follow paediatric formularies (neonate up to 28 days, infant from 1 month), which
 * leaves days 28 to 30 uncovered: the safety check says so rather than guess, and the data-quality
 * report lists it.
 */
export type AgeKey = 'neonate' | 'infant' | 'child' | 'adolescent' | 'adult' | 'geriatric';

export interface AgeCategorySeed {
  key: AgeKey;
  minAge: number;
  maxAge: number;
  unit: AgeUnit;
  categoryName: AgeCategoryName | null;
  description: string;
}

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

import type { Severity } from '@contract/enums';

/**
 * Drug classes of the demo medications and the rules stated once per class. ATC codes are given
 * only where one WHO group is exactly the class (there is no single ATC group of every
 * cephalosporin, of the anticoagulants without the antiplatelets, or of QT-prolonging or
 * serotonergic medications, which are effects across groups).
 *
 * ILLUSTRATIVE DEMO DATA ONLY. NOT MEDICAL ADVICE.
 */

export interface DrugClassSeed {
  name: string;
  atcCode: string | null;
  /** Set when two members together are a duplicate therapy: that finding's severity. */
  duplicateSeverity: Severity | null;
  members: string[];
}

export const DRUG_CLASSES: DrugClassSeed[] = [
  { name: 'Penicillins', atcCode: 'J01C', duplicateSeverity: null, members: ['Amoxicillin'] },
  {
    name: 'Cephalosporins',
    atcCode: null,
    duplicateSeverity: null,
    members: ['Cefalexin', 'Ceftriaxone'],
  },
  { name: 'NSAIDs', atcCode: 'M01A', duplicateSeverity: 'major', members: ['Ibuprofen'] },
  {
    name: 'SSRIs',
    atcCode: 'N06AB',
    duplicateSeverity: 'major',
    members: ['Sertraline', 'Fluoxetine'],
  },
  {
    name: 'Statins',
    atcCode: 'C10AA',
    duplicateSeverity: 'major',
    members: ['Atorvastatin', 'Simvastatin'],
  },
  {
    name: 'Anticoagulants',
    atcCode: null,
    duplicateSeverity: null,
    members: ['Warfarin', 'Enoxaparin'],
  },
  {
    name: 'QT-prolonging',
    atcCode: null,
    duplicateSeverity: null,
    members: ['Azithromycin', 'Fluconazole', 'Ondansetron'],
  },
  {
    name: 'Serotonergic',
    atcCode: null,
    duplicateSeverity: null,
    members: ['Sertraline', 'Fluoxetine', 'Sumatriptan'],
  },
];

export interface ClassRuleSeed {
  kind: 'interaction' | 'cross_sensitivity';
  drugClass: string;
  otherClass: string;
  severity: Severity;
  description: string;
}

export const CLASS_RULES: ClassRuleSeed[] = [
  {
    kind: 'interaction',
    drugClass: 'SSRIs',
    otherClass: 'NSAIDs',
    severity: 'moderate',
    description:
      'SSRIs impair platelet function; with an NSAID the risk of gastrointestinal bleeding rises.',
  },
  {
    kind: 'interaction',
    drugClass: 'Anticoagulants',
    otherClass: 'NSAIDs',
    severity: 'major',
    description:
      'NSAIDs add gastrointestinal injury and platelet inhibition: serious bleeding risk.',
  },
  {
    kind: 'interaction',
    drugClass: 'QT-prolonging',
    otherClass: 'QT-prolonging',
    severity: 'major',
    description:
      'Two QT-prolonging medications: additive risk of QT prolongation and torsades de pointes.',
  },
  {
    kind: 'interaction',
    drugClass: 'Serotonergic',
    otherClass: 'Serotonergic',
    severity: 'major',
    description: 'Two serotonergic medications: risk of serotonin syndrome.',
  },
  {
    kind: 'cross_sensitivity',
    drugClass: 'Penicillins',
    otherClass: 'Cephalosporins',
    severity: 'moderate',
    description: 'Penicillin allergy: low but real cross-reactivity with cephalosporins.',
  },
];

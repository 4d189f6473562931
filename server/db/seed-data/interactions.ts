import type { Severity } from '@contract/enums';

export type { Severity };

export interface InteractionSeed {
  medication: string;
  interactsWith: string;
  severity: Severity;
  description: string;
  isAllergen?: boolean;
}

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
    medication: 'Warfarin',
    interactsWith: 'Azithromycin',
    severity: 'moderate',
    description:
      'Raised INR and bleeding reported with macrolides: check the INR during the course.',
  },
  {
    medication: 'Warfarin',
    interactsWith: 'Prednisolone',
    severity: 'moderate',
    description:
      'Corticosteroids may change the INR and add gastrointestinal bleeding risk: monitor the INR.',
  },
  {
    medication: 'Methotrexate',
    interactsWith: 'Amoxicillin',
    severity: 'moderate',
    description:
      'Penicillins reduce the renal clearance of methotrexate: risk of toxicity, above all at high doses.',
  },
  {
    medication: 'Methotrexate',
    interactsWith: 'Omeprazole',
    severity: 'moderate',
    description:
      'Proton pump inhibitors may delay methotrexate elimination, above all at high doses: monitor.',
  },
  {
    medication: 'Clopidogrel',
    interactsWith: 'Sertraline',
    severity: 'moderate',
    description: 'An SSRI impairs platelet function: added bleeding risk with an antiplatelet.',
  },
  {
    medication: 'Clopidogrel',
    interactsWith: 'Fluoxetine',
    severity: 'moderate',
    description:
      'An SSRI impairs platelet function, and fluoxetine inhibits CYP2C19, which activates clopidogrel.',
  },
  {
    medication: 'Amoxicillin',
    interactsWith: 'Ceftriaxone',
    severity: 'moderate',
    description: 'Penicillin allergy: low but real cross-reactivity with cephalosporins.',
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

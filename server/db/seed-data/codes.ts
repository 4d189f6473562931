/**
 * The standard codes of the demo records, by the record's name: WHO ATC and RxNorm (the
 * ingredient's RxCUI) for medications and their ingredients, ATC for drug classes, ICD-10 and
 * SNOMED CT for conditions.
 *
 * Only codes known to be right are listed; a record whose code is uncertain has none rather than
 * a guess (a wrong code would match the wrong drug in a system that looks records up by code):
 * - metronidazole and methotrexate have two ATC codes each (by route or use) and no single one
 *   fits the record; sodium valproate's RxNorm ingredient (valproic acid or valproate sodium) is
 *   ambiguous; gentamicin's RxCUI is not listed;
 * - the combination Co-codamol 30/500 has no single-ingredient RxCUI and is left uncoded, and
 *   codeine, which has no ATC code as a lone analgesic, has only its RxCUI;
 * - the drug classes without a single ATC group (cephalosporins span several, anticoagulants sit
 *   inside the antithrombotic agents, QT-prolonging and serotonergic are no ATC groups) have none;
 * - major depressive disorder, deep vein thrombosis, acute otitis media and bacterial vaginosis
 *   have no single matching ICD-10 code here, and bleeding disorders (a group) no code at all.
 */

export interface MedicineCodes {
  atc?: string;
  rxnorm?: string;
}

export interface ConditionCodes {
  icd10?: string;
  snomed?: string;
}

/** Medications by name; each one's own-name ingredient gets the same codes. */
export const MEDICATION_CODES: Record<string, MedicineCodes> = {
  Amoxicillin: { atc: 'J01CA04', rxnorm: '723' },
  Ibuprofen: { atc: 'M01AE01', rxnorm: '5640' },
  Paracetamol: { atc: 'N02BE01', rxnorm: '161' },
  Azithromycin: { atc: 'J01FA10', rxnorm: '18631' },
  Cefalexin: { atc: 'J01DB01', rxnorm: '2231' },
  Gentamicin: { atc: 'J01GB03' },
  Vancomycin: { atc: 'J01XA01', rxnorm: '11124' },
  Enoxaparin: { atc: 'B01AB05', rxnorm: '67108' },
  Acyclovir: { atc: 'J05AB01', rxnorm: '281' },
  Ceftriaxone: { atc: 'J01DD04', rxnorm: '2193' },
  'Co-trimoxazole': { atc: 'J01EE01' },
  Prednisolone: { atc: 'H02AB06', rxnorm: '8638' },
  'Sodium valproate': { atc: 'N03AG01' },
  Levetiracetam: { atc: 'N03AX14', rxnorm: '114477' },
  Phenytoin: { atc: 'N03AB02', rxnorm: '8183' },
  Metronidazole: { rxnorm: '6922' },
  Ondansetron: { atc: 'A04AA01', rxnorm: '26225' },
  Morphine: { atc: 'N02AA01', rxnorm: '7052' },
  Isotretinoin: { atc: 'D10BA01', rxnorm: '6064' },
  Fluconazole: { atc: 'J02AC01', rxnorm: '4450' },
  Warfarin: { atc: 'B01AA03', rxnorm: '11289' },
  Metformin: { atc: 'A10BA02', rxnorm: '6809' },
  Lisinopril: { atc: 'C09AA03', rxnorm: '29046' },
  Atorvastatin: { atc: 'C10AA05', rxnorm: '83367' },
  Simvastatin: { atc: 'C10AA01', rxnorm: '36567' },
  Sertraline: { atc: 'N06AB06', rxnorm: '36437' },
  Fluoxetine: { atc: 'N06AB03', rxnorm: '4493' },
  Amlodipine: { atc: 'C08CA01', rxnorm: '17767' },
  Omeprazole: { atc: 'A02BC01', rxnorm: '7646' },
  Salbutamol: { atc: 'R03AC02', rxnorm: '435' },
  Levothyroxine: { atc: 'H03AA01', rxnorm: '10582' },
  Furosemide: { atc: 'C03CA01', rxnorm: '4603' },
  Digoxin: { atc: 'C01AA05', rxnorm: '3407' },
  Allopurinol: { atc: 'M04AA01', rxnorm: '519' },
  Sumatriptan: { atc: 'N02CC01', rxnorm: '37418' },
  Cetirizine: { atc: 'R06AE07', rxnorm: '20610' },
  Alendronate: { atc: 'M05BA04', rxnorm: '46041' },
  Zolpidem: { atc: 'N05CF02', rxnorm: '39993' },
  Methotrexate: { rxnorm: '6851' },
  Clopidogrel: { atc: 'B01AC04', rxnorm: '32968' },
};

/** Ingredients that are no medication's own name. */
export const INGREDIENT_CODES: Record<string, MedicineCodes> = {
  Codeine: { rxnorm: '2670' },
};

export const CONDITION_CODES: Record<string, ConditionCodes> = {
  Hypertension: { icd10: 'I10', snomed: '38341003' },
  'Type 2 diabetes': { icd10: 'E11', snomed: '44054006' },
  Asthma: { icd10: 'J45', snomed: '195967001' },
  'Chronic kidney disease': { icd10: 'N18', snomed: '709044004' },
  'Liver cirrhosis': { icd10: 'K74.6', snomed: '19943007' },
  'Peptic ulcer': { icd10: 'K27', snomed: '13200003' },
  Epilepsy: { icd10: 'G40', snomed: '84757009' },
  'Heart failure': { icd10: 'I50', snomed: '84114007' },
  'Atrial fibrillation': { icd10: 'I48', snomed: '49436004' },
  Hyperlipidemia: { icd10: 'E78.5', snomed: '55822004' },
  'Major depressive disorder': { snomed: '370143000' },
  'Generalized anxiety disorder': { icd10: 'F41.1', snomed: '21897009' },
  'Bacterial pneumonia': { icd10: 'J15', snomed: '53084003' },
  'Urinary tract infection': { icd10: 'N39.0', snomed: '68566005' },
  'Rheumatoid arthritis': { icd10: 'M06.9', snomed: '69896004' },
  Osteoarthritis: { icd10: 'M19.9', snomed: '396275006' },
  Migraine: { icd10: 'G43', snomed: '37796009' },
  Hypothyroidism: { icd10: 'E03.9', snomed: '40930008' },
  'Gastroesophageal reflux disease': { icd10: 'K21', snomed: '235595009' },
  'Chronic obstructive pulmonary disease': { icd10: 'J44', snomed: '13645005' },
  'Allergic rhinitis': { icd10: 'J30.4', snomed: '61582004' },
  Gout: { icd10: 'M10', snomed: '90560007' },
  'Deep vein thrombosis': { snomed: '128053003' },
  Osteoporosis: { icd10: 'M81', snomed: '64859006' },
  Insomnia: { icd10: 'G47.0', snomed: '193462001' },
  'Acute otitis media': { snomed: '3110003' },
  'Streptococcal pharyngitis': { icd10: 'J02.0', snomed: '43878008' },
  'Myasthenia gravis': { icd10: 'G70.0', snomed: '91637004' },
  'G6PD deficiency': { icd10: 'D55.0', snomed: '62403005' },
  'Infectious mononucleosis': { icd10: 'B27', snomed: '271558008' },
  Sepsis: { icd10: 'A41.9', snomed: '91302008' },
  'Herpes simplex infection': { icd10: 'B00', snomed: '88594005' },
  'Bacterial vaginosis': { snomed: '419760006' },
  'Nausea and vomiting': { icd10: 'R11', snomed: '16932000' },
  'Acute pain': { icd10: 'R52.0', snomed: '274663001' },
  Fever: { icd10: 'R50.9', snomed: '386661006' },
  'Acne vulgaris': { icd10: 'L70.0', snomed: '88616000' },
  Candidiasis: { icd10: 'B37', snomed: '78048006' },
  'Coronary artery disease': { icd10: 'I25.1', snomed: '53741008' },
};

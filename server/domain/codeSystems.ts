/**
 * The code systems of standard codes and which records take which: names and constants only, so
 * that the console's lists can show codes without the format rules (./codes.ts).
 */

export const ATC = 'http://www.whocc.no/atc';
export const RXNORM = 'http://www.nlm.nih.gov/research/umls/rxnorm';
export const ICD10 = 'http://hl7.org/fhir/sid/icd-10';
export const SNOMED = 'http://snomed.info/sct';

export type CodeSystem = typeof ATC | typeof RXNORM | typeof ICD10 | typeof SNOMED;
export type CodedEntity = 'medication' | 'ingredient' | 'drug_class' | 'condition';

export interface Code {
  system: CodeSystem;
  code: string;
  display?: string | null;
}

/** The short names shown beside a code and written in the CSV exports ("ATC|B01AA03"). */
export const SYSTEM_NAMES: Record<CodeSystem, string> = {
  [ATC]: 'ATC',
  [RXNORM]: 'RxNorm',
  [ICD10]: 'ICD-10',
  [SNOMED]: 'SNOMED CT',
};

/** Medicines are coded by what they are (ATC) and contain (RxNorm); conditions by diagnosis. */
export const ENTITY_SYSTEMS: Record<CodedEntity, readonly CodeSystem[]> = {
  medication: [ATC, RXNORM],
  ingredient: [ATC, RXNORM],
  drug_class: [ATC, RXNORM],
  condition: [ICD10, SNOMED],
};

/** A code as stored: trimmed, letters in upper case (the systems' own spelling). */
export const normalCode = (code: string) => code.trim().toUpperCase();

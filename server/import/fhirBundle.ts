import type { Readable } from 'node:stream';
import type { PoolClient } from 'pg';
import { ATC, ENTITY_SYSTEMS, SYSTEM_NAMES, type CodeSystem } from '../domain/codes';
import { HttpError } from '../errors';
import { CODE_SYSTEMS, EXTENSIONS, RESOURCE_TYPES } from '../fhir/resources';
import type { ImportEntity } from './entities';
import { RENAL_COLUMNS } from './rules';
import type { ImportError, ImportPart, ImportRequest, SourceItem } from './run';

/**
 * A FHIR R4 Bundle of the resources the FHIR API writes (server/fhir/resources.ts), read back as
 * the rows of the CSV imports: each resource becomes rows of the entities it names, in the
 * columns of their CSV exports, so that the entity imports check, match and write them exactly
 * as they do a file's. Nothing here checks a value: a row carries what the resource says, and an
 * import's checks report it. What this file does report is what no row can carry: a Bundle that
 * is not one, an entry of another type, a resource that refers to a medication the Bundle lacks.
 */

/** The largest Bundle an import reads: JSON is parsed whole, so it is held to less than a CSV. */
export const BUNDLE_MAX_BYTES = 32 * 1024 * 1024;

/** A drug class's ATC code: a group of levels 1 to 4 (its `ATC Code` column). */
const ATC_GROUP = /^[A-Z]([0-9]{2}([A-Z]([A-Z])?)?)?$/;
/** The LOINC codes of the patient characteristics a dosage's category is stated by. */
const AGE = '30525-0';
const WEIGHT = '29463-7';
const GFR = '33914-3';

// ---------- reading JSON of unknown shape ----------

type Json = Record<string, unknown>;
const object = (value: unknown): Json | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Json)
    : undefined;
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const objects = (value: unknown): Json[] =>
  list(value).flatMap((v): Json[] => {
    const found = object(v);
    return found ? [found] : [];
  });
const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
/** A number as the CSV writes it: what the resource holds, or empty (the import then says so). */
const number = (value: unknown): string => (typeof value === 'number' ? String(value) : '');

interface Coding {
  system: string;
  code: string;
  display?: string;
}
const codings = (concept: unknown): Coding[] =>
  objects(object(concept)?.coding).flatMap((c) => {
    const system = text(c.system);
    const code = text(c.code);
    return system !== undefined && code !== undefined
      ? [{ system, code, ...(text(c.display) ? { display: text(c.display) } : {}) }]
      : [];
  });
/** A concept's name: its text, else its first coding's display. */
const conceptName = (concept: unknown): string =>
  text(object(concept)?.text) ?? codings(concept).find((c) => c.display)?.display ?? '';
const extension = (resource: Json, url: string): Json | undefined =>
  objects(resource.extension).find((e) => e.url === url);
const extensionCode = (resource: Json, url: string): string =>
  codings(extension(resource, url)?.valueCodeableConcept)[0]?.code ??
  text(object(extension(resource, url)?.valueCodeableConcept)?.text) ??
  '';

/** Codes as a `Codes` cell writes them (`ATC|B01AA03; RxNorm|11289`), and their displays. */
function codesCell(codes: readonly Coding[]) {
  const names = SYSTEM_NAMES as Record<string, string>;
  return {
    cell: codes.map((c) => `${names[c.system] ?? c.system}|${c.code}`).join('; '),
    displays: new Map(
      codes.flatMap((c) => (c.display ? [[`${c.system}|${c.code}`, c.display] as const] : [])),
    ),
  };
}
/** A list cell: items separated by `; `, `--` for none (the medication CSV's form). */
const listCell = (items: readonly string[]) => (items.length ? items.join('; ') : '--');
/** A range as the medication CSV writes it: `A - B`, or `A` when both are the same. */
const rangeCell = (low: string, high: string) => (low === high ? low : `${low} - ${high}`);

// ---------- the rows of each entity ----------

/** A row of an entity: the entry it comes from, its cells by column, the element of each. */
interface TranslatedRow {
  entry: number;
  cells: Record<string, string>;
  elements: Record<string, string>;
  codes?: Coding[];
}

/** The rows of one entity, each key once (the first resource that names a record gives it). */
class Rows {
  readonly rows: TranslatedRow[] = [];
  private readonly keys = new Map<string, TranslatedRow>();
  constructor(
    readonly entity: ImportEntity,
    public header: readonly string[],
  ) {}

  /** Adds a row, or to the row of the same key the codes it lacks. */
  add(key: string, row: TranslatedRow) {
    const seen = this.keys.get(key);
    if (!seen) {
      this.keys.set(key, row);
      this.rows.push(row);
      return;
    }
    if (!row.codes || !seen.codes) return;
    for (const code of row.codes)
      if (!seen.codes.some((c) => c.system === code.system && c.code === code.code))
        seen.codes.push(code);
  }
}

const key = (name: string) => name.trim().toLowerCase();

/** A coded record's row (a condition, ingredient or drug class): its name and codes. */
function codedRow(entry: number, name: string, codes: Coding[], element: string): TranslatedRow {
  return {
    entry,
    cells: { Name: name },
    elements: { Name: element, Codes: `${element}.coding` },
    codes,
  };
}

/** The medication a contraindication or interaction refers to (`#medication`), contained in it. */
function containedMedication(resource: Json, reference: unknown) {
  const local = text(object(reference)?.reference)?.replace(/^#/, '');
  const medication = objects(resource.contained).find(
    (c) => c.resourceType === 'Medication' && c.id === local,
  );
  if (!medication) return undefined;
  const id = objects(medication.identifier).find((i) => i.system === CODE_SYSTEMS.medication);
  return {
    id: text(id?.value),
    name: conceptName(medication.code) || text(object(reference)?.display) || '',
  };
}

/** What a medication's row gathers from the contraindication resources about it. */
interface MedicationLinks {
  conditions: string[];
  lifestyles: string[];
  ageLimit?: string;
}

/** A dosage's category as the medication CSV refers to it: its range and unit (`1 - 12 years`). */
function categoryCell(guideline: Json, loinc: string): string {
  const characteristic = objects(guideline.patientCharacteristics).find((p) =>
    codings(p.characteristicCodeableConcept).some((c) => c.code === loinc),
  );
  const value = text(list(characteristic?.value)[0]) ?? '';
  // The FHIR view writes `1–12 years` or `50–80 kg (Normal)`: the range, its unit, its name.
  const found = /^\s*([^–]+)–(\S+)\s+(\S+)/.exec(value);
  return found ? `${rangeCell(found[1].trim(), found[2])} ${found[3].toLowerCase()}` : value;
}

/**
 * A dosage as the medication CSV writes it, from the guideline's dosage text (`500–1000 mg,
 * every 4–6 hours, for 1–5 days, at most 4000 mg a day`, which states every frequency unit,
 * where `timing` has only some) and its single-dose maximum.
 */
function dosageCell(category: string, dosage: Json): string {
  const parts = (text(dosage.text) ?? '').split(', ');
  const range = (prefix: string, start: (part: string) => boolean) => {
    const part = parts.find(start);
    const found = part && new RegExp(`^${prefix}(\\S+)–(\\S+) (.+)$`).exec(part);
    return found
      ? { cell: `${rangeCell(found[1], found[2])} ${found[3]}`, unit: found[3] }
      : undefined;
  };
  const dose = range('', (p) => /^\d/.test(p));
  const unit = dose?.unit ?? '';
  const items = [
    `${category}: ${dose?.cell ?? ''}`,
    `frequency ${range('every ', (p) => p.startsWith('every '))?.cell ?? ''}`,
    `duration ${range('for ', (p) => p.startsWith('for '))?.cell ?? ''}`,
  ];
  const daily = /^at most (\S+) /.exec(parts.find((p) => p.startsWith('at most ')) ?? '');
  if (daily) items.push(`max ${daily[1]} ${unit} per day`);
  const single = object(dosage.maxDosePerAdministration);
  if (single) items.push(`max ${number(single.value)} ${unit.replace('/kg', '')} per dose`);
  return items.join(', ');
}

/** The ages an age limit allows, from the populations outside it, as the medication CSV writes. */
function ageLimitCell(resource: Json): string {
  let min: Json | undefined;
  let max: Json | undefined;
  for (const population of objects(resource.population)) {
    const ages = object(population.ageRange);
    if (object(ages?.high)) min = object(ages?.high);
    if (object(ages?.low)) max = object(ages?.low);
  }
  const unit = text(min?.unit) ?? text(max?.unit) ?? '';
  const severity = `(${extensionCode(resource, EXTENSIONS.severity)})`;
  if (min && max) return `${rangeCell(number(min.value), number(max.value))} ${unit} ${severity}`;
  if (min) return `from ${number(min.value)} ${unit} ${severity}`;
  if (max) return `up to ${number(max.value)} ${unit} ${severity}`;
  return '';
}

/**
 * A renal rule's dosage as its CSV writes the cells, from the guideline's dosage text
 * (`250–500 mg, every 12–24 hours, at most 1000 mg a day`, or the text of an avoided band).
 */
function renalCells(dosage: Json): Record<string, string> {
  const said = text(dosage.text) ?? '';
  const parts = said.split(', ');
  const range = (prefix: string, start: (part: string) => boolean) => {
    const found = new RegExp(`^${prefix}(\\S+)–(\\S+) (.+)$`).exec(parts.find(start) ?? '');
    return found ? `${rangeCell(found[1], found[2])} ${found[3]}` : '--';
  };
  const daily = /^at most (\S+) (\S+) a day$/.exec(
    parts.find((p) => p.startsWith('at most ')) ?? '',
  );
  return {
    Avoid: /^avoid\b/i.test(said) ? 'Yes' : 'No',
    Dose: range('', (p) => /^\d/.test(p)),
    'Max Daily Dose': daily ? `${daily[1]} ${daily[2]}` : '--',
    Interval: range('every ', (p) => p.startsWith('every ')),
  };
}

/**
 * A medication as a renal rule's row refers to it: by its code where it has one (medications may
 * share a name), else by its name.
 */
function medicationCell(name: string, codes: readonly Coding[]): string {
  const systems = ENTITY_SYSTEMS.medication as readonly string[];
  const code = codes.find((c) => systems.includes(c.system));
  return code ? `${SYSTEM_NAMES[code.system as CodeSystem]}|${code.code}` : name;
}

const MEDICATION_COLUMNS = [
  'Name',
  'Condition',
  'Dosage Type',
  'Weight Dosage',
  'Age Dosage',
  'Condition Contraindications',
  'Lifestyle Contraindications',
  'Pregnancy Category',
  'Age Limit',
  'Ingredients',
  'Drug Classes',
  'Codes',
];

/** Every entity a Bundle's rows belong to, in the order they are imported (referred before referring). */
interface Translation {
  conditions: Rows;
  lifestyles: Rows;
  ingredients: Rows;
  classes: Rows;
  medications: Rows;
  renal: Rows;
  interactions: Rows;
}

function emptyTranslation(): Translation {
  return {
    // A condition's description and kidney flag are not in FHIR: Description is filled from the
    // matched record when the rows are read (a new one has none), the flag's column left out.
    conditions: new Rows('conditions', ['Name', 'Description', 'Codes']),
    lifestyles: new Rows('lifestyles', ['Name']),
    ingredients: new Rows('ingredients', ['Name', 'Codes']),
    // A class's duplicate therapy severity is not in FHIR: its column is left out (kept).
    classes: new Rows('drug-classes', ['Name', 'ATC Code', 'Codes']),
    // The dosage per weight is not in FHIR, and the dosage type only through the dosages.
    medications: new Rows('medications', MEDICATION_COLUMNS),
    renal: new Rows('renal-rules', RENAL_COLUMNS),
    interactions: new Rows('drug-interactions', [
      'Medication',
      'Interacting Medication',
      'Severity',
      'Description',
      'Allergen',
    ]),
  };
}

const isText = (value: unknown) => typeof value === 'string';
const isObject = (value: unknown) => object(value) !== undefined;
const isObjects = (value: unknown) => Array.isArray(value) && value.every(isObject);
/**
 * A Bundle's own elements and their R4 types: a body of another shape has no entries to read one
 * by one, so it is refused whole.
 */
const BUNDLE_ELEMENTS: Record<string, (value: unknown) => boolean> = {
  resourceType: (value) => value === 'Bundle',
  id: isText,
  meta: isObject,
  implicitRules: isText,
  language: isText,
  identifier: isObject,
  type: isText,
  timestamp: isText,
  total: (value) => Number.isInteger(value) && (value as number) >= 0,
  link: isObjects,
  entry: isObjects,
  signature: isObject,
};

const MK = 'MedicationKnowledge';
const MPC = 'MedicinalProductContraindication';
const MPI = 'MedicinalProductInteraction';

/**
 * A Bundle as the rows of its entities, or its problems: each entry is read, those of other types
 * or referring to no medication of the Bundle reported with their position and element.
 */
function translate(bundle: unknown): {
  translation: Translation;
  entries: number;
  problems: ImportError[];
} {
  const problems: ImportError[] = [];
  const translation = emptyTranslation();
  const root = object(bundle);
  if (!root || root.resourceType !== 'Bundle') {
    throw new HttpError(
      400,
      `The body is not a FHIR Bundle: the import takes a Bundle (resourceType "Bundle") of ${RESOURCE_TYPES.join(', ')}.`,
    );
  }
  const wrong = Object.entries(root).find(([name, value]) => !BUNDLE_ELEMENTS[name]?.(value));
  if (wrong) {
    const [name] = wrong;
    throw new HttpError(
      400,
      name in BUNDLE_ELEMENTS
        ? `The Bundle's ${name} is not of its FHIR type.`
        : `${name} is no element of a FHIR Bundle.`,
    );
  }
  const entries = list(root.entry);

  // Medications first, by their ids, so that a contraindication names the row it adds to.
  const medications = new Map<string, { row: TranslatedRow; links: MedicationLinks }>();
  const byName = new Map<string, { row: TranslatedRow; links: MedicationLinks }>();
  const resources: { entry: number; resource: Json }[] = [];
  entries.forEach((item, i) => {
    const entry = i + 1;
    const resource = object(object(item)?.resource);
    const type = text(resource?.resourceType);
    if (!resource) {
      problems.push({ row: entry, field: 'Bundle.entry.resource', message: 'is missing' });
    } else if (!type || !(RESOURCE_TYPES as readonly string[]).includes(type)) {
      problems.push({
        row: entry,
        field: 'Bundle.entry.resource.resourceType',
        message: `is ${type ? `"${type}"` : 'missing'}: the import takes ${RESOURCE_TYPES.join(', ')}`,
      });
    } else {
      resources.push({ entry, resource });
    }
  });

  for (const { entry, resource } of resources) {
    if (resource.resourceType !== MK) continue;
    const id = text(resource.id);
    if (id !== undefined && medications.has(id)) {
      problems.push({
        row: entry,
        field: `${MK}.id`,
        message: `repeats the id ${id} of an earlier entry`,
      });
      continue;
    }
    const found = medicationKnowledge(translation, entry, resource);
    translation.medications.rows.push(found.row);
    if (id !== undefined) medications.set(id, found);
    if (!byName.has(key(found.row.cells.Name))) byName.set(key(found.row.cells.Name), found);
  }

  for (const { entry, resource } of resources) {
    if (resource.resourceType === MK) continue;
    const subject = containedMedication(resource, list(resource.subject)[0]);
    const medication =
      (subject?.id !== undefined ? medications.get(subject.id) : undefined) ??
      (subject ? byName.get(key(subject.name)) : undefined);
    if (resource.resourceType === MPI) {
      interactionRow(translation, entry, resource, subject?.name ?? '');
      continue;
    }
    if (!medication) {
      problems.push({
        row: entry,
        field: `${MPC}.subject`,
        message: subject
          ? `refers to the medication "${subject.name}", which is no ${MK} of this Bundle: a medication's contraindications are imported with it`
          : `names no contained Medication`,
      });
      continue;
    }
    contraindication(translation, entry, resource, medication.links, problems);
  }

  // A Bundle of no contraindication at all (a search of MedicationKnowledge) says nothing of
  // them: their columns are left out, which leaves the medications' links alone.
  if (!resources.some(({ resource }) => resource.resourceType === MPC)) {
    const links = new Set([
      'Condition Contraindications',
      'Lifestyle Contraindications',
      'Age Limit',
    ]);
    translation.medications.header = translation.medications.header.filter((c) => !links.has(c));
  }
  // The links end up in their medication's row.
  for (const { row, links } of medications.values()) {
    row.cells['Condition Contraindications'] = listCell(
      [...links.conditions].sort((a, b) => key(a).localeCompare(key(b))),
    );
    row.cells['Lifestyle Contraindications'] = listCell(
      [...links.lifestyles].sort((a, b) => key(a).localeCompare(key(b))),
    );
    row.cells['Age Limit'] = links.ageLimit ?? '--';
  }
  return { translation, entries: entries.length, problems };
}

function medicationKnowledge(t: Translation, entry: number, resource: Json) {
  const name = conceptName(resource.code) || text(list(resource.synonym)[0]) || '';
  const guidelines = objects(resource.administrationGuidelines);
  const dosages: Record<'age' | 'weight', string[]> = { age: [], weight: [] };
  const renal: Record<string, string>[] = [];
  let indication: unknown;
  for (const guideline of guidelines) {
    indication ??= guideline.indicationCodeableConcept;
    for (const group of objects(guideline.dosage)) {
      const basis = codings(group.type).find((c) => c.system === CODE_SYSTEMS.dosageBasis)?.code;
      if (basis === 'renal') {
        const category = categoryCell(guideline, GFR);
        for (const dosage of objects(group.dosage))
          renal.push({ 'Renal Category': category, ...renalCells(dosage) });
        continue;
      }
      if (basis !== 'age' && basis !== 'weight') continue;
      const category = categoryCell(guideline, basis === 'age' ? AGE : WEIGHT);
      for (const dosage of objects(group.dosage)) dosages[basis].push(dosageCell(category, dosage));
    }
  }
  const element = `${MK}.administrationGuidelines`;
  if (indication !== undefined) {
    const condition = conceptName(indication);
    t.conditions.add(
      key(condition),
      codedRow(
        entry,
        condition,
        conditionCodes(indication),
        `${element}.indicationCodeableConcept`,
      ),
    );
  }

  const ingredients = objects(resource.ingredient).map((ingredient) => {
    const concept = ingredient.itemCodeableConcept;
    const ingredientName = conceptName(concept);
    t.ingredients.add(
      key(ingredientName),
      codedRow(entry, ingredientName, codings(concept), `${MK}.ingredient.itemCodeableConcept`),
    );
    const strength = object(ingredient.strength);
    const amount = object(strength?.numerator);
    if (!amount) return ingredientName;
    return `${ingredientName} ${number(amount.value)} ${text(amount.unit) ?? ''}/${text(object(strength?.denominator)?.unit) ?? ''}`;
  });

  const classes = objects(resource.medicineClassification).flatMap((classification) =>
    objects(classification.classification).map((concept) => {
      const className = conceptName(concept);
      const all = codings(concept);
      // The FHIR view writes a class's ATC group first, named as the class, when its codes lack
      // it: that coding is the ATC Code column, not one of its codes.
      const own =
        all[0]?.system === ATC && all[0].display === className && ATC_GROUP.test(all[0].code);
      const atc = all.find((c) => c.system === ATC && ATC_GROUP.test(c.code))?.code ?? '';
      const row = codedRow(
        entry,
        className,
        own ? all.slice(1) : all,
        `${MK}.medicineClassification.classification`,
      );
      row.cells['ATC Code'] = atc;
      row.elements['ATC Code'] = `${MK}.medicineClassification.classification.coding`;
      t.classes.add(key(className), row);
      return className;
    }),
  );

  const pregnancy = extensionCode(resource, EXTENSIONS.pregnancyCategory);
  const codes = codings(resource.code);
  const cells: Record<string, string> = {
    Name: name,
    Condition: indication !== undefined ? conceptName(indication) : '',
    'Dosage Type':
      dosages.weight.length > 0 ? 'Weight-based' : dosages.age.length > 0 ? 'Age-based' : '',
    'Weight Dosage': listCell(dosages.weight),
    'Age Dosage': listCell(dosages.age),
    'Pregnancy Category': pregnancy || '--',
    Ingredients: listCell(ingredients),
    'Drug Classes': listCell(classes),
  };
  const row: TranslatedRow = {
    entry,
    cells,
    codes,
    elements: {
      Name: `${MK}.code`,
      Codes: `${MK}.code.coding`,
      Condition: `${element}.indicationCodeableConcept`,
      'Dosage Type': `${element}.dosage.type`,
      'Weight Dosage': `${element}.dosage`,
      'Age Dosage': `${element}.dosage`,
      'Condition Contraindications': `${MPC}.disease`,
      'Lifestyle Contraindications': `${MPC}.disease`,
      'Age Limit': `${MPC}.population`,
      'Pregnancy Category': `${MK}.extension:pregnancy-category`,
      Ingredients: `${MK}.ingredient`,
      'Drug Classes': `${MK}.medicineClassification`,
    },
  };
  // The medication's renal rules, imported after it.
  const medication = medicationCell(name, codes);
  for (const cells of renal) {
    t.renal.rows.push({
      entry,
      cells: { Medication: medication, ...cells },
      elements: {
        Medication: `${MK}.code`,
        'Renal Category': `${element}.patientCharacteristics`,
        Avoid: `${element}.dosage`,
        Dose: `${element}.dosage.doseAndRate`,
        'Max Daily Dose': `${element}.dosage.maxDosePerPeriod`,
        Interval: `${element}.dosage.timing`,
      },
    });
  }
  return { row, links: { conditions: [], lifestyles: [] } as MedicationLinks };
}

/** A condition's own codes: what its concept codes in systems other than this server's ids. */
const conditionCodes = (concept: unknown) =>
  codings(concept).filter(
    (c) => c.system !== CODE_SYSTEMS.condition && c.system !== CODE_SYSTEMS.lifestyle,
  );

function contraindication(
  t: Translation,
  entry: number,
  resource: Json,
  links: MedicationLinks,
  problems: ImportError[],
) {
  const severity = extensionCode(resource, EXTENSIONS.severity);
  if (resource.disease === undefined) {
    if (resource.population === undefined) {
      problems.push({
        row: entry,
        field: `${MPC}.disease`,
        message:
          'is missing: a contraindication names a condition or lifestyle (disease) or ages (population)',
      });
      return;
    }
    links.ageLimit = ageLimitCell(resource);
    return;
  }
  const name = conceptName(resource.disease);
  if (codings(resource.disease).some((c) => c.system === CODE_SYSTEMS.lifestyle)) {
    t.lifestyles.add(key(name), {
      entry,
      cells: { Name: name },
      elements: { Name: `${MPC}.disease` },
    });
    links.lifestyles.push(`${name} (${severity})`);
    return;
  }
  t.conditions.add(
    key(name),
    codedRow(entry, name, conditionCodes(resource.disease), `${MPC}.disease`),
  );
  const caution = extension(resource, EXTENSIONS.caution)?.valueBoolean === true;
  links.conditions.push(caution ? `${name} (caution: ${severity})` : name);
}

function interactionRow(t: Translation, entry: number, resource: Json, medication: string) {
  const interactant = object(list(resource.interactant)[0]);
  const other = containedMedication(resource, interactant?.itemReference);
  const allergen = extension(resource, EXTENSIONS.allergen)?.valueBoolean === true;
  t.interactions.rows.push({
    entry,
    cells: {
      Medication: medication,
      'Interacting Medication': other?.name ?? '',
      Severity: extensionCode(resource, EXTENSIONS.severity),
      Description: text(resource.description) ?? text(object(resource.effect)?.text) ?? '',
      Allergen: allergen ? 'Yes' : 'No',
    },
    elements: {
      Medication: `${MPI}.subject`,
      'Interacting Medication': `${MPI}.interactant`,
      Severity: `${MPI}.extension:severity`,
      Description: `${MPI}.description`,
      Allergen: `${MPI}.extension:allergen`,
    },
  });
}

// ---------- fields a Bundle does not carry, from the records the rows match ----------

/**
 * Fills the cells a Bundle does not carry from the record each row matches (by code, else by
 * name), as a CSV without that column would leave the field alone: a condition's description, a
 * medication's indication and dosage type when it has no dosages. A new record leaves them empty.
 */
async function fillFromRecords(client: PoolClient, rows: Rows) {
  const spec =
    rows.entity === 'conditions'
      ? {
          fields: `t.description AS "Description"`,
          from: 'conditions t',
        }
      : rows.entity === 'medications'
        ? {
            fields: `c.name AS "Condition",
              CASE WHEN t.is_dosage_weight_based THEN 'Weight-based' ELSE 'Age-based' END AS "Dosage Type"`,
            from: 'medications t JOIN conditions c ON c.id = t.condition_id',
          }
        : undefined;
  if (!spec || rows.rows.length === 0) return;
  const names = rows.rows.map((r) => key(r.cells.Name));
  const codes = rows.rows.flatMap((r) =>
    (r.codes ?? []).map((c) => JSON.stringify([{ system: c.system, code: c.code }])),
  );
  const { rows: records } = await client.query<
    Record<string, string | null> & { key: string; codes: Coding[] }
  >(
    `SELECT lower(t.name) AS key, t.codes, ${spec.fields} FROM ${spec.from}
      WHERE lower(t.name) = ANY($1::text[]) OR t.codes @> ANY($2::jsonb[])`,
    [names, codes],
  );
  for (const row of rows.rows) {
    const match =
      records.find((r) =>
        (row.codes ?? []).some((c) =>
          r.codes.some((k) => k.system === c.system && k.code === c.code),
        ),
      ) ?? records.find((r) => r.key === key(row.cells.Name));
    for (const column of rows.entity === 'conditions'
      ? ['Description']
      : ['Condition', 'Dosage Type']) {
      if ((row.cells[column] ?? '') !== '') continue;
      row.cells[column] = match?.[column] ?? '';
    }
    // A new medication without dosages: the type only chooses the form its dosages take.
    if (rows.entity === 'medications' && row.cells['Dosage Type'] === '')
      row.cells['Dosage Type'] = 'Age-based';
  }
}

// ---------- the import's parts ----------

/** The entity imports of a translation, in dependency order, each as a part of one import. */
function parts(translation: Translation): ImportPart[] {
  const order = [
    translation.conditions,
    translation.lifestyles,
    translation.ingredients,
    translation.classes,
    translation.medications,
    translation.renal,
    translation.interactions,
  ];
  return order
    .filter((rows) => rows.rows.length > 0)
    .map((rows) => ({
      entity: rows.entity,
      named: true,
      reportRow: (staged: number) => rows.rows[staged - 1]?.entry ?? staged,
      reportField: (column: string, staged: number) =>
        rows.rows[staged - 1]?.elements[column] ?? column,
      async *rows(client: PoolClient): AsyncIterable<SourceItem> {
        await fillFromRecords(client, rows);
        yield { header: [...rows.header] };
        for (const [index, row] of rows.rows.entries()) {
          const codes = row.codes ? codesCell(row.codes) : undefined;
          const cells: Record<string, string> = {
            ...row.cells,
            ...(codes ? { Codes: codes.cell } : {}),
          };
          yield {
            row: index + 1,
            cells: rows.header.map((column) => cells[column] ?? ''),
            ...(codes ? { displays: codes.displays } : {}),
          };
        }
      },
    }));
}

/** Reads a body whole, up to `limit` bytes (a 413 past it, the rest let go). */
async function readAll(body: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > limit) {
      body.resume();
      throw new HttpError(
        413,
        `A FHIR Bundle is at most ${limit / (1024 * 1024)} MiB. Split it and import each part.`,
      );
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * A FHIR Bundle's body as the parts of one import (see runImport), with the Bundle's own
 * problems and its number of entries.
 */
export async function readBundle(
  body: Readable,
  limit = BUNDLE_MAX_BYTES,
): Promise<Pick<ImportRequest, 'parts' | 'rows' | 'problems'>> {
  const raw = (await readAll(body, limit)).toString('utf8').replace(/^\uFEFF/, '');
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    // No entry of it can be read, so there is nothing to list row by row: the request is wrong.
    const message = error instanceof Error ? error.message : String(error);
    throw new HttpError(400, `The body is not valid JSON: ${message}`);
  }
  const { translation, entries, problems } = translate(json);
  return { parts: parts(translation), rows: entries, problems };
}

import type { FastifyInstance } from 'fastify';
import { audited, auditedStatement } from '../audit/record';
import { sessionOf } from '../auth/guard';
import { checkRanges, conflict, invalid, notFound } from '../errors';
import * as activity from '../repositories/activity';
import { medicationDependents } from '../repositories/audit/records';
import * as medications from '../repositories/medications';
import type { DosageKind } from '../repositories/medications';
import type { Schema } from '../contract';
import { MAX_AGE_DAYS } from '../domain/safety-check';
import { above, toBase } from '../domain/units';
import { checkedCodes, uniqueCodes } from './codes';
import { defineRoute, type SuccessReply } from './define';
import { listCache } from '../lib/listCache';
import { isCheckViolation, isUniqueViolation } from '../lib/pgErrors';
import { streamWhole } from '../lib/wholeStream';
import { defineListRoute } from './lists';
import { addOwnIngredient } from '../repositories/ingredients';

const byItself = (id: number) => id;

export const DOSAGE_RANGES: [string, string][] = [
  ['min_dosage', 'max_dosage'],
  // A day must hold at least the largest single dose.
  ['max_dosage', 'max_daily_dosage'],
  ['min_frequency', 'max_frequency'],
  ['min_duration', 'max_duration'],
];
const CATEGORY = {
  weight: { field: 'weight_category_id', table: 'weight_categories', label: 'Weight' },
  age: { field: 'age_category_id', table: 'age_categories', label: 'Age' },
} as const;

/** An update that raised the maximum dose above the daily maximum it left as stored. */
function dailyBelowDose(error: unknown): never {
  if (isCheckViolation(error, '_daily_maximum')) {
    throw invalid(
      { max_daily_dosage: ['must not be below max_dosage: raise it, or send null for none'] },
      'The daily maximum is below the maximum dose.',
    );
  }
  throw error;
}

function uniqueDosage(error: unknown): never {
  if (isUniqueViolation(error)) {
    throw conflict(
      'This medication already has a dosage for this category. Edit that dosage instead.',
    );
  }
  throw error;
}

export default async function medicationRoutes(app: FastifyInstance) {
  const { db } = app;

  async function loaded(id: number) {
    const row = await medications.getMedication(db, id);
    if (!row) throw notFound('Medication');
    return row;
  }

  /** 422 naming each referenced id that does not exist. */
  async function requireIds(
    checks: [string, 'conditions' | 'age_categories' | 'weight_categories', number[]][],
  ) {
    const errors: Record<string, string[]> = {};
    for (const [field, table, ids] of checks) {
      const missing = await medications.missingIds(db, table, ids);
      if (missing.length) errors[field] = [`No such record: ${missing.join(', ')}`];
    }
    if (Object.keys(errors).length) throw invalid(errors);
  }

  const cached = listCache(app);

  defineListRoute(app, 'listMedications', {
    spec: medications.MEDICATION_LIST,
    filters: medications.MEDICATION_FILTERS,
    filename: 'medications',
    page: medications.medicationPage,
    pageTables: medications.LIST_TABLES,
    whole: (reply) =>
      cached(reply, 'medications', medications.LIST_TABLES, () => medications.listMedications(db), {
        table: 'medications',
        stream: (serialize) =>
          streamWhole<{ id: number }>(
            db,
            serialize,
            medications.WHOLE_LIST_IDS_SQL,
            (client, rows) =>
              medications.readMedications(
                client,
                rows.map((row) => row.id),
              ),
          ),
      }),
  });

  // Open to every signed-in account (x-roles in the contract). An app user's look-up is a search;
  // an administrator's is the console reading what it maintains (the detail page refetches after
  // every change) and is not recorded.
  defineRoute(app, 'getMedication', async (request) => {
    const data = await loaded(request.params.id);
    const caller = sessionOf(request);
    if (caller.role === 'user') await activity.recordSearches(db, caller.id, [data.id]);
    return { data };
  });

  defineRoute(app, 'createMedication', async (request, reply) => {
    const body = request.body;
    const kind: DosageKind = body.is_dosage_weight_based ? 'weight' : 'age';
    const other = kind === 'weight' ? 'age_dosage' : 'weight_dosage';
    if (body[other]) {
      throw invalid({ [other]: [`is not used for a ${kind}-based medication`] });
    }
    const block = body[`${kind}_dosage`];
    if (block) checkRanges(block, DOSAGE_RANGES, `${kind}_dosage.`);
    const categoryId =
      block && ('weight_category_id' in block ? block.weight_category_id : block.age_category_id);
    await requireIds([
      ['condition_id', 'conditions', [body.condition_id]],
      ['contraindications', 'conditions', body.contraindications ?? []],
      [
        `${kind}_dosage.${CATEGORY[kind].field}`,
        CATEGORY[kind].table,
        categoryId ? [categoryId] : [],
      ],
    ]);
    const codes = checkedCodes('medication', body.codes);
    const id = await uniqueCodes(db, 'medication', codes, undefined, () =>
      audited(request, { entity: 'medication', action: 'create', idOf: byItself }, async (tx) => {
        const medicationId = await medications.insertMedication(tx, {
          ...body,
          name: body.name.trim(),
          codes,
        });
        if (block && categoryId)
          await medications.insertDosage(tx, kind, medicationId, categoryId, block);
        // Every medication contains at least one ingredient: at first, one of its own name.
        await addOwnIngredient(tx, medicationId, body.name.trim());
        return medicationId;
      }),
    );
    return reply
      .status(201)
      .send({ data: await loaded(id), message: 'Medication added successfully' });
  });

  defineRoute(app, 'updateMedication', async (request) => {
    const { id, name, pregnancy_category, age_limit } = request.body;
    if (age_limit) checkAgeLimit(age_limit);
    const codes = checkedCodes('medication', request.body.codes);
    const updated = await uniqueCodes(db, 'medication', codes, id, () =>
      auditedStatement(request, 'medication', (tx) =>
        medications.updateMedication(tx, id, name.trim(), pregnancy_category, age_limit, codes),
      ),
    );
    if (!updated) throw notFound('Medication');
    return { data: await loaded(id), message: 'Medication updated successfully' };
  });

  // The entry keeps the medication and everything deleted with it, so a revert brings it all back.
  defineRoute(app, 'deleteMedication', async (request) => {
    const { id } = request.params;
    const deleted = await audited(request, { entity: 'medication', action: 'delete', id }, (tx) =>
      medications.deleteMedication(tx, id),
    );
    if (!deleted) throw notFound('Medication');
    return { message: 'Medication deleted successfully' };
  });

  defineRoute(app, 'getMedicationDependents', async (request) => {
    const { id } = request.params;
    const medication = await medications.medicationName(db, id);
    if (medication === undefined) throw notFound('Medication');
    const groups = await medicationDependents(db, id, request.query.limit ?? 20);
    return { data: { id, name: medication, ...groups } };
  });

  // Each handler below serves the weight and the age operation, so TypeScript pairs either kind's
  // dosage with either answer (hence the `as SuccessReply`): `kind` picks both, so they match.
  for (const kind of ['weight', 'age'] as const) {
    const { field, table, label } = CATEGORY[kind];
    const entity = kind === 'weight' ? 'weight_dosage' : 'age_dosage';
    const addId = kind === 'weight' ? 'addWeightBasedDosage' : 'addAgeBasedDosage';
    const updateId = kind === 'weight' ? 'updateWeightBasedDosage' : 'updateAgeBasedDosage';

    defineRoute(app, addId, async (request, reply) => {
      const body = request.body;
      checkRanges(body, DOSAGE_RANGES);
      if (!(await medications.medicationExists(db, body.medication_id)))
        throw notFound('Medication');
      const categoryId =
        'weight_category_id' in body ? body.weight_category_id : body.age_category_id;
      await requireIds([[field, table, [categoryId]]]);
      const id = await audited(
        request,
        { entity, action: 'create', idOf: byItself },
        async (tx) => {
          const dosageId = await medications
            .insertDosage(tx, kind, body.medication_id, categoryId, body)
            .catch(uniqueDosage);
          await medications.touchMedication(tx, body.medication_id);
          return dosageId;
        },
      );
      return reply.status(201).send({
        data: await medications.getDosage(db, kind, id),
        message: `${label} dosage added successfully`,
      } as SuccessReply<typeof addId>);
    });

    defineRoute(app, updateId, async (request) => {
      checkRanges(request.body, DOSAGE_RANGES);
      const { id } = request.body;
      const updated = await auditedStatement(request, entity, (tx) =>
        medications.updateDosage(tx, kind, id, request.body).catch(dailyBelowDose),
      );
      if (!updated) throw notFound(`${label} dosage`);
      return {
        data: await medications.getDosage(db, kind, request.body.id),
        message: `${label} dosage updated successfully`,
      } as SuccessReply<typeof updateId>;
    });
  }

  defineRoute(app, 'addContraindication', async (request) => {
    const { medication_id, condition_id, level, severity } = request.body;
    if (severity !== undefined && level !== 'caution') {
      throw invalid(
        { severity: ['is only for level caution'] },
        'A severity is only given for a caution.',
      );
    }
    if (!(await medications.medicationExists(db, medication_id))) throw notFound('Medication');
    await requireIds([['condition_id', 'conditions', [condition_id]]]);
    const grade: medications.ContraindicationGrade =
      level === 'caution'
        ? { level, severity: severity ?? 'moderate' }
        : { level: 'contraindicated', severity: 'contraindicated' };
    // Linked already: a request with a level grades the link; one without leaves it as it is, so a
    // client that knows nothing of levels never turns a caution into a contraindication. A link
    // left as it was is not written, and nothing is recorded.
    const written = await auditedStatement(request, 'contraindication', (tx) =>
      medications.addContraindication(tx, medication_id, condition_id, grade, level !== undefined),
    );
    const stored =
      written ?? (await medications.findContraindication(db, medication_id, condition_id));
    if (!stored) throw conflict('This contraindication was removed meanwhile. Try again.');
    return {
      data: { medication_id, condition_id, level: stored.level, severity: stored.severity },
      message:
        written && !written.created
          ? 'Contraindication updated successfully'
          : 'Contraindication added successfully',
    };
  });

  defineRoute(app, 'removeContraindication', async (request) => {
    const { medication_id, condition_id } = request.body;
    const id = (await medications.findContraindication(db, medication_id, condition_id))?.id;
    const removed =
      id !== undefined &&
      (await auditedStatement(request, 'contraindication', (tx) =>
        medications.removeContraindication(tx, id),
      ));
    if (!removed) throw notFound('Contraindication');
    return { message: 'Contraindication removed successfully' };
  });
}

/** A 422 unless an age limit sets a bound, keeps its minimum at or below its maximum, and stays
 * within 130 years. */
export function checkAgeLimit(limit: Schema<'AgeLimit'>) {
  if (limit.min_age === null && limit.max_age === null) {
    throw invalid(
      { 'age_limit.min_age': ['set a minimum or a maximum age, or send age_limit: null'] },
      'An age limit needs a minimum or a maximum age.',
    );
  }
  checkRanges(limit, [['min_age', 'max_age']], 'age_limit.');
  for (const field of ['min_age', 'max_age'] as const) {
    const value = limit[field];
    if (value !== null && above(toBase('age', value, limit.unit), MAX_AGE_DAYS)) {
      throw invalid(
        { [`age_limit.${field}`]: ['must be at most 130 years'] },
        'Ages go up to 130 years.',
      );
    }
  }
}

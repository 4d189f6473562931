import type { FastifyInstance } from 'fastify';
import { auditedStatement } from '../audit/record';
import { conflict, invalid, notFound } from '../errors';
import { listCache } from '../lib/listCache';
import { isUniqueViolation } from '../lib/pgErrors';
import * as classes from '../repositories/drug-classes';
import { missingIds } from '../repositories/medications';
import { defineRoute } from './define';
import { defineListRoute } from './lists';

/**
 * A 422 for a rule that names no other side or both, a cross-sensitivity with a medication, or a
 * cross-sensitivity of a class with itself: what the rule would say is not clear.
 */
export function checkClassRuleSides(
  body: Pick<
    classes.ClassRuleInput,
    'kind' | 'drug_class_id' | 'other_class_id' | 'other_medication_id'
  >,
) {
  const { kind, drug_class_id, other_class_id, other_medication_id } = body;
  const other = 'other_class_id';
  if ((other_class_id === undefined) === (other_medication_id === undefined)) {
    throw invalid(
      { [other]: ['name either another class or a medication'] },
      'A class rule names either another class or a medication.',
    );
  }
  if (kind === 'cross_sensitivity' && other_class_id === undefined) {
    throw invalid(
      { [other]: ['a cross-sensitivity names another class'] },
      'A cross-sensitivity names another class.',
    );
  }
  if (kind === 'cross_sensitivity' && other_class_id === drug_class_id) {
    throw invalid(
      { [other]: ['must be another class'] },
      'A class cannot be cross-sensitive with itself.',
    );
  }
}

/** Interactions and cross-sensitivities stated once per drug class. */
export default async function classRuleRoutes(app: FastifyInstance) {
  const { db } = app;
  const cached = listCache(app);

  async function loaded(id: number) {
    const row = await classes.getClassRule(db, id);
    if (!row) throw notFound('Class rule');
    return row;
  }

  /** A 422 for a rule whose sides do not fit its kind (checkClassRuleSides), or are not there. */
  async function checkSides(body: classes.ClassRuleInput) {
    checkClassRuleSides(body);
    const { drug_class_id, other_class_id, other_medication_id } = body;
    const other = 'other_class_id';
    const errors: Record<string, string[]> = {};
    const classIds = [drug_class_id, ...(other_class_id ? [other_class_id] : [])];
    const unknownClasses = await missingIds(db, 'drug_classes', classIds);
    for (const id of unknownClasses) {
      const field = id === drug_class_id ? 'drug_class_id' : other;
      errors[field] = [`No such drug class: ${id}`];
    }
    if (other_medication_id && (await missingIds(db, 'medications', [other_medication_id])).length)
      errors.other_medication_id = [`No such medication: ${other_medication_id}`];
    if (Object.keys(errors).length) throw invalid(errors);
  }

  defineListRoute(app, 'listClassRules', {
    spec: classes.CLASS_RULE_LIST,
    filters: classes.CLASS_RULE_FILTERS,
    narrowFilters: ['drug_class_id'],
    filename: 'class-rules',
    whole: (reply) =>
      cached(reply, 'class-rules', classes.CLASS_RULE_LIST.tables, () =>
        classes.listClassRules(db),
      ),
  });

  defineRoute(app, 'getClassRule', async (request) => ({ data: await loaded(request.params.id) }));

  defineRoute(app, 'createClassRule', async (request, reply) => {
    const { reason: _reason, ...input } = request.body;
    await checkSides(input);
    const id = await auditedStatement(request, 'class_rule', (tx) =>
      classes.insertClassRule(tx, input),
    ).catch((error: unknown) => {
      if (isUniqueViolation(error))
        throw conflict('A rule for these two already exists. Edit it instead.');
      throw error;
    });
    return reply
      .status(201)
      .send({ data: await loaded(id), message: 'Class rule added successfully' });
  });

  defineRoute(app, 'updateClassRule', async (request) => {
    const { id } = request.body;
    const updated = await auditedStatement(request, 'class_rule', (tx) =>
      classes.updateClassRule(tx, id, request.body),
    );
    if (!updated) throw notFound('Class rule');
    return { data: await loaded(id), message: 'Class rule updated successfully' };
  });

  defineRoute(app, 'deleteClassRule', async (request) => {
    const deleted = await auditedStatement(request, 'class_rule', (tx) =>
      classes.deleteClassRule(tx, request.body.id),
    );
    if (!deleted) throw notFound('Class rule');
    return { message: 'Class rule deleted successfully' };
  });
}

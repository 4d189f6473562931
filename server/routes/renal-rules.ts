import type { FastifyInstance } from 'fastify';
import { auditedStatement } from '../audit/record';
import { checkRanges, conflict, invalid, notFound } from '../errors';
import { withinExport } from '../lib/exportLimits';
import { csvStream } from '../repositories/listing';
import { missingIds } from '../repositories/medications';
import * as renal from '../repositories/renal-rules';
import { defineRoute } from './define';
import { sendCsv } from './lists';

/** The ranges a rule states, each kept in order. */
const RANGES: [string, string][] = [
  ['min_dosage', 'max_dosage'],
  ['max_dosage', 'max_daily_dosage'],
  ['min_frequency', 'max_frequency'],
];

/**
 * A 422 for a rule that avoids the medication and states ranges too, or states nothing at all:
 * what the check would do with it is not clear.
 */
export function checkRenalRuleFields(fields: renal.RenalRuleFields) {
  const ranges = fields.min_dosage !== undefined || fields.min_frequency !== undefined;
  if (fields.avoid && (ranges || fields.max_daily_dosage !== undefined)) {
    throw invalid(
      { avoid: ['a rule that avoids the medication states no dose or interval'] },
      'A rule that avoids the medication states no dose or interval.',
    );
  }
  if (!fields.avoid && !ranges) {
    throw invalid(
      { avoid: ['state a dose range, an interval range, or avoid'] },
      'A renal rule states a dose range, an interval range, or that the medication is avoided.',
    );
  }
  checkRanges(fields, RANGES);
}

export default async function renalRuleRoutes(app: FastifyInstance) {
  const { db } = app;

  async function loaded(id: number) {
    const row = await renal.getRenalRule(db, id);
    if (!row) throw notFound('Renal rule');
    return row;
  }

  defineRoute(app, 'listRenalRules', async (request, reply) => {
    const { medication_id, format } = request.query;
    if (format === 'csv') {
      const filters =
        medication_id === undefined ? [] : [renal.RENAL_RULE_FILTERS.medication_id(medication_id)];
      const csv = await withinExport(reply, async () =>
        csvStream(db, renal.RENAL_RULE_LIST, { filters }),
      );
      return sendCsv(reply, 'renal-rules', csv);
    }
    return { data: await renal.listRenalRules(db, medication_id) };
  });

  defineRoute(app, 'createRenalRule', async (request, reply) => {
    const { medication_id, renal_category_id, reason: _reason, ...fields } = request.body;
    checkRenalRuleFields(fields);
    const errors: Record<string, string[]> = {};
    if ((await missingIds(db, 'medications', [medication_id])).length)
      errors.medication_id = [`No such medication: ${medication_id}`];
    if ((await missingIds(db, 'renal_categories', [renal_category_id])).length)
      errors.renal_category_id = [`No such renal function category: ${renal_category_id}`];
    if (Object.keys(errors).length) throw invalid(errors);
    const id = await auditedStatement(request, 'renal_rule', (tx) =>
      renal.insertRenalRule(tx, medication_id, renal_category_id, fields),
    );
    if (!id)
      throw conflict('This medication already has a rule for this category. Edit it instead.');
    return reply
      .status(201)
      .send({ data: await loaded(id), message: 'Renal rule added successfully' });
  });

  defineRoute(app, 'updateRenalRule', async (request) => {
    const { id, reason: _reason, ...fields } = request.body;
    checkRenalRuleFields(fields);
    const updated = await auditedStatement(request, 'renal_rule', (tx) =>
      renal.updateRenalRule(tx, id, fields),
    );
    if (!updated) throw notFound('Renal rule');
    return { data: await loaded(id), message: 'Renal rule updated successfully' };
  });

  defineRoute(app, 'deleteRenalRule', async (request) => {
    const deleted = await auditedStatement(request, 'renal_rule', (tx) =>
      renal.deleteRenalRule(tx, request.body.id),
    );
    if (!deleted) throw notFound('Renal rule');
    return { message: 'Renal rule deleted successfully' };
  });
}

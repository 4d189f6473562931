import type { FastifyInstance } from 'fastify';
import { auditedStatement } from '../audit/record';
import { invalid, notFound } from '../errors';
import * as drugs from '../repositories/drugs';
import { defineRoute } from './define';
import { listCache } from '../lib/listCache';
import { defineListRoute } from './lists';

/** Trimmed text, and lists without empty items (entered comma-separated and trimmed). */
function tidy(drug: drugs.DrugInput): drugs.DrugInput {
  const list = (items: string[]) => items.map((s) => s.trim()).filter(Boolean);
  const empty = (['side_effects', 'contraindications'] as const).filter(
    (f) => list(drug[f]).length === 0,
  );
  if (empty.length)
    throw invalid(Object.fromEntries(empty.map((f) => [f, ['needs at least one item']])));
  return {
    name: drug.name.trim(),
    description: drug.description.trim(),
    dosage: drug.dosage.trim(),
    side_effects: list(drug.side_effects),
    contraindications: list(drug.contraindications),
    category: drug.category.trim(),
    manufacturer: drug.manufacturer.trim(),
  };
}

export default async function drugRoutes(app: FastifyInstance) {
  const { db } = app;

  const cached = listCache(app);

  defineListRoute(app, 'listDrugs', {
    spec: drugs.DRUG_LIST,
    filename: 'drugs',
    whole: (reply) => cached(reply, 'drugs', ['drugs'], () => drugs.listDrugs(db)),
  });

  defineRoute(app, 'getDrug', async (request) => {
    const row = await drugs.getDrug(db, request.params.id);
    if (!row) throw notFound('Drug');
    return { data: row };
  });

  defineRoute(app, 'createDrug', async (request, reply) => {
    const drug = tidy(request.body);
    const row = await auditedStatement(request, 'drug', (tx) => drugs.insertDrug(tx, drug));
    return reply.status(201).send({ data: row, message: 'Drug added successfully' });
  });

  defineRoute(app, 'updateDrug', async (request) => {
    const drug = tidy(request.body);
    const { id } = request.body;
    const row = await auditedStatement(request, 'drug', (tx) => drugs.updateDrug(tx, id, drug));
    if (!row) throw notFound('Drug');
    return { data: row, message: 'Drug updated successfully' };
  });

  defineRoute(app, 'deleteDrug', async (request) => {
    const { id } = request.params;
    const deleted = await auditedStatement(request, 'drug', (tx) => drugs.deleteDrug(tx, id));
    if (!deleted) throw notFound('Drug');
    return { message: 'Drug deleted successfully' };
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audited } from '../audit/record';
import { invalid, notFound } from '../errors';
import * as drugs from '../repositories/drugs';
import { defineRoute } from './define';
import { listCache } from './listCache';
import { defineListRoute } from './lists';

type IdParams = FastifyRequest<{ Params: { id: number } }>;
type Body = FastifyRequest<{ Body: drugs.DrugInput & { id: number } }>;

/** Trimmed text, and lists without empty items (spec: entered comma-separated and trimmed). */
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

  defineRoute(app, 'getDrug', async (request: IdParams) => {
    const row = await drugs.getDrug(db, request.params.id);
    if (!row) throw notFound('Drug');
    return { data: row };
  });

  defineRoute(app, 'createDrug', async (request: Body, reply) => {
    const drug = tidy(request.body);
    const row = await audited(
      request,
      { entity: 'drug', action: 'create', idOf: (created: { id: number }) => created.id },
      (tx) => drugs.insertDrug(tx, drug),
    );
    return reply.status(201).send({ data: row, message: 'Drug added successfully' });
  });

  defineRoute(app, 'updateDrug', async (request: Body) => {
    const drug = tidy(request.body);
    const { id } = request.body;
    const row = await audited(request, { entity: 'drug', action: 'update', id }, (tx) =>
      drugs.updateDrug(tx, id, drug),
    );
    if (!row) throw notFound('Drug');
    return { data: row, message: 'Drug updated successfully' };
  });

  defineRoute(app, 'deleteDrug', async (request: IdParams) => {
    const { id } = request.params;
    const deleted = await audited(request, { entity: 'drug', action: 'delete', id }, (tx) =>
      drugs.deleteDrug(tx, id),
    );
    if (!deleted) throw notFound('Drug');
    return { message: 'Drug deleted successfully' };
  });
}

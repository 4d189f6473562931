import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalid, notFound } from '../errors';
import * as drugs from '../repositories/drugs';
import { defineRoute } from './define';
import { listCache } from './listCache';

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

  defineRoute(app, 'listDrugs', (_request, reply) =>
    cached(reply, 'drugs', ['drugs'], () => drugs.listDrugs(db)),
  );

  defineRoute(app, 'getDrug', async (request: IdParams) => {
    const row = await drugs.getDrug(db, request.params.id);
    if (!row) throw notFound('Drug');
    return { data: row };
  });

  defineRoute(app, 'createDrug', async (request: Body, reply) => {
    const row = await drugs.insertDrug(db, tidy(request.body));
    return reply.status(201).send({ data: row, message: 'Drug added successfully' });
  });

  defineRoute(app, 'updateDrug', async (request: Body) => {
    const row = await drugs.updateDrug(db, request.body.id, tidy(request.body));
    if (!row) throw notFound('Drug');
    return { data: row, message: 'Drug updated successfully' };
  });

  defineRoute(app, 'deleteDrug', async (request: IdParams) => {
    if (!(await drugs.deleteDrug(db, request.params.id))) throw notFound('Drug');
    return { message: 'Drug deleted successfully' };
  });
}

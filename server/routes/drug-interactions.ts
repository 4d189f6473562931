import type { FastifyInstance } from 'fastify';
import { auditedStatement } from '../audit/record';
import { conflict, invalid, notFound } from '../errors';
import * as interactions from '../repositories/interactions';
import { missingIds } from '../repositories/medications';
import { defineRoute } from './define';
import { listCache } from '../lib/listCache';
import { isUniqueViolation } from '../lib/pgErrors';
import { streamWhole } from '../lib/wholeStream';
import { defineListRoute } from './lists';

export default async function drugInteractionRoutes(app: FastifyInstance) {
  const { db } = app;

  async function loaded(id: number) {
    const row = await interactions.getInteraction(db, id);
    if (!row) throw notFound('Drug interaction');
    return row;
  }

  function duplicate(existing: { medication: string; interacting: string }) {
    return conflict(
      `An interaction between ${existing.medication} and ${existing.interacting} already exists. Edit it instead.`,
    );
  }

  const cached = listCache(app);

  defineListRoute(app, 'listDrugInteractions', {
    spec: interactions.INTERACTION_LIST,
    filters: interactions.INTERACTION_FILTERS,
    // One medication's interactions: a few dozen, a few thousand for the most studied drugs.
    narrowFilters: ['medication_id'],
    filename: 'drug-interactions',
    whole: (reply) =>
      cached(
        reply,
        'interactions',
        ['drug_interactions', 'medications'],
        () => interactions.listInteractions(db),
        {
          table: 'drug_interactions',
          stream: (serialize) => streamWhole(db, serialize, interactions.WHOLE_LIST_SQL),
        },
      ),
  });

  defineRoute(app, 'getDrugInteraction', async (request) => ({
    data: await loaded(request.params.id),
  }));

  defineRoute(app, 'createDrugInteraction', async (request, reply) => {
    const body = request.body;
    if (body.medication_id === body.interacting_medication_id) {
      throw invalid(
        { interacting_medication_id: ['A medication cannot interact with itself'] },
        'A medication cannot interact with itself',
      );
    }
    const missing = await missingIds(db, 'medications', [
      body.medication_id,
      body.interacting_medication_id,
    ]);
    if (missing.length)
      throw invalid({ medication_id: [`No such medication: ${missing.join(', ')}`] });
    const existing = await interactions.findPair(
      db,
      body.medication_id,
      body.interacting_medication_id,
    );
    if (existing) throw duplicate(existing);
    const id = await auditedStatement(request, 'drug_interaction', (tx) =>
      interactions.insertInteraction(tx, body, body),
    ).catch(async (error) => {
      const raced =
        isUniqueViolation(error) &&
        (await interactions.findPair(db, body.medication_id, body.interacting_medication_id));
      throw raced ? duplicate(raced) : error;
    });
    return reply
      .status(201)
      .send({ data: await loaded(id), message: 'Drug interaction added successfully' });
  });

  defineRoute(app, 'updateDrugInteraction', async (request) => {
    const current = await loaded(request.body.id);
    const { medication_id, interacting_medication_id } = request.body;
    if (
      (medication_id !== undefined && medication_id !== current.medication_id) ||
      (interacting_medication_id !== undefined &&
        interacting_medication_id !== current.interacting_medication_id)
    ) {
      throw invalid({ medication_id: ['The medications of an interaction cannot be changed'] });
    }
    const { id } = request.body;
    await auditedStatement(request, 'drug_interaction', (tx) =>
      interactions.updateInteraction(tx, id, request.body),
    );
    return {
      data: await loaded(request.body.id),
      message: 'Drug interaction updated successfully',
    };
  });

  defineRoute(app, 'deleteDrugInteraction', async (request) => {
    const { id } = request.body;
    const deleted = await auditedStatement(request, 'drug_interaction', (tx) =>
      interactions.deleteInteraction(tx, id),
    );
    if (!deleted) throw notFound('Drug interaction');
    return { message: 'Drug interaction deleted successfully' };
  });
}

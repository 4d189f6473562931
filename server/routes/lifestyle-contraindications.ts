import type { FastifyInstance } from 'fastify';
import { auditedStatement } from '../audit/record';
import { conflict, invalid, notFound } from '../errors';
import * as lifestyles from '../repositories/lifestyles';
import { medicationExists, missingIds } from '../repositories/medications';
import { defineRoute } from './define';
import { listCache } from '../lib/listCache';

export default async function lifestyleContraindicationRoutes(app: FastifyInstance) {
  const { db } = app;

  const cached = listCache(app);

  defineRoute(app, 'listLifestyleContraindications', (_request, reply) =>
    cached(
      reply,
      'lifestyle-contraindications',
      ['lifestyle_contraindications', 'lifestyles', 'medications'],
      () => lifestyles.listLifestyleContraindications(db),
    ),
  );

  defineRoute(app, 'createLifestyleContraindication', async (request, reply) => {
    const { medication_id, lifestyle_id, severity = 'major' } = request.body;
    if (!(await medicationExists(db, medication_id))) throw notFound('Medication');
    if ((await missingIds(db, 'lifestyles', [lifestyle_id])).length) {
      throw invalid({ lifestyle_id: [`No such lifestyle: ${lifestyle_id}`] });
    }
    const id = await auditedStatement(request, 'lifestyle_contraindication', (tx) =>
      lifestyles.insertLifestyleContraindication(tx, medication_id, lifestyle_id, severity),
    );
    if (!id) throw conflict('This lifestyle is already a contraindication of this medication.');
    return reply.status(201).send({
      data: await lifestyles.getLifestyleContraindication(db, id),
      message: 'Lifestyle contraindication added successfully',
    });
  });

  defineRoute(app, 'updateLifestyleContraindication', async (request) => {
    const { id, severity } = request.body;
    const updated = await auditedStatement(request, 'lifestyle_contraindication', (tx) =>
      lifestyles.updateLifestyleContraindication(tx, id, severity),
    );
    if (!updated) throw notFound('Lifestyle contraindication');
    return {
      data: await lifestyles.getLifestyleContraindication(db, id),
      message: 'Lifestyle contraindication updated successfully',
    };
  });

  defineRoute(app, 'deleteLifestyleContraindication', async (request) => {
    const { id } = request.body;
    const deleted = await auditedStatement(request, 'lifestyle_contraindication', (tx) =>
      lifestyles.deleteLifestyleContraindication(tx, id),
    );
    if (!deleted) {
      throw notFound('Lifestyle contraindication');
    }
    return { message: 'Lifestyle contraindication deleted successfully' };
  });
}

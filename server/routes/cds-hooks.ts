import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, invalid } from '../errors';
import { discovery } from '../cds-hooks/discovery';
import { isObject } from '../cds-hooks/fhir';
import { runService } from '../cds-hooks/service';
import { alerts, storeCards, storeFeedback } from '../cds-hooks/store';
import { defineRoute } from './define';

/** The API client a CDS Hooks operation was called by (the guard admits nothing else). */
function clientOf(request: FastifyRequest) {
  if (!request.apiClient) throw new HttpError(401, 'Unknown or revoked API client secret.');
  return request.apiClient;
}

/**
 * CDS Hooks: discovery, the medication safety service and its feedback (../cds-hooks/), for EHRs
 * with an API client's secret, and the Alerts per rule for the console.
 */
export default async function cdsHooksRoutes(app: FastifyInstance) {
  const { db } = app;

  defineRoute(app, 'listCdsServices', async () => discovery());

  defineRoute(app, 'callMedicationSafetyService', async (request) => {
    const client = clientOf(request);
    const { hook, hookInstance, context, prefetch, fhirServer, fhirAuthorization } = request.body;
    const { draftOrders } = context;
    if (!isObject(draftOrders) || draftOrders.resourceType !== 'Bundle')
      throw invalid({ 'context.draftOrders': ['must be a FHIR Bundle'] });
    const answer = await runService(db, {
      hook,
      context: { patientId: context.patientId, draftOrders },
      prefetch: prefetch as Record<string, Record<string, unknown> | null> | undefined,
      fhirServer,
      fhirAuthorization,
    });
    await storeCards(
      db,
      { clientId: client.id, hook, hookInstance, release: answer.release },
      answer.cards,
    );
    return { cards: answer.cards.map((c) => c.card) };
  });

  defineRoute(app, 'sendCdsFeedback', async (request) => {
    const client = clientOf(request);
    const { unknown } = await storeFeedback(db, client.id, request.body.feedback);
    if (unknown.length)
      throw new HttpError(404, `No card ${unknown.join(', ')} was sent to this client.`);
    return { message: 'Feedback stored' };
  });

  defineRoute(app, 'getCdsAlerts', async () => ({ data: await alerts(db) }));
}

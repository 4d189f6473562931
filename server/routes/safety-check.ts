import { releaseInScope } from '../db/pool';
import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../auth/guard';
import { checkRequest, evaluateSafety, unknownIds } from '../domain/safety-check';
import { loadSafetyData, recordSearches } from '../repositories/safety-check';
import { defineRoute } from './define';

/**
 * POST /safety-check: a prescription checked against the reference data. The rules are in
 * ../domain/safety-check.ts, the SQL in ../repositories/safety-check.ts.
 */
export default async function safetyCheckRoutes(app: FastifyInstance) {
  defineRoute(app, 'safetyCheck', async (request) => {
    const { prescriptions, lists, fromIdsOnly } = checkRequest(request.body);
    const session = sessionOf(request);
    // Only app users' checks are their searches; administrators' checks are not counted.
    // The read and the searches run side by side (the insert records nothing when an id is
    // unknown), so the check waits for one round trip, not two.
    const [data] = await Promise.all([
      loadSafetyData(app.db, lists),
      session.role === 'user' ? recordSearches(app.db, session.id, lists) : undefined,
    ]);
    const refused = unknownIds(request.body, lists, data);
    if (refused) throw refused;
    return {
      data: {
        release: releaseInScope() ?? ('draft' as const),
        ...evaluateSafety(data, prescriptions, request.body.patient ?? {}, fromIdsOnly),
      },
    };
  });
}

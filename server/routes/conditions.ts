import type { FastifyInstance } from 'fastify';
import { audited, auditedStatement } from '../audit/record';
import { notFound } from '../errors';
import * as conditions from '../repositories/conditions';
import { checkedCodes, uniqueCodes } from './codes';
import { defineRoute } from './define';
import { deleteUnlessUsed, stillUsed } from '../lib/usage';
import { defineNamedReads, uniqueName } from './namedRecords';

export default async function conditionRoutes(app: FastifyInstance) {
  defineNamedReads(app, 'Condition', conditions.CONDITION_READS);

  defineRoute(app, 'createCondition', async (request, reply) => {
    const codes = checkedCodes('condition', request.body.codes);
    const row = await uniqueCodes(app.db, 'condition', codes, undefined, () =>
      auditedStatement(request, 'condition', (tx) =>
        uniqueName(
          'Condition',
          conditions.insertCondition(tx, {
            ...request.body,
            name: request.body.name.trim(),
            codes,
          }),
        ),
      ),
    );
    return reply.status(201).send({ data: row, message: 'Condition created successfully' });
  });

  defineRoute(app, 'updateCondition', async (request) => {
    const { id, ...input } = request.body;
    const codes = checkedCodes('condition', input.codes);
    const row = await uniqueCodes(app.db, 'condition', codes, id, () =>
      auditedStatement(request, 'condition', (tx) =>
        uniqueName(
          'Condition',
          conditions.updateCondition(tx, id, { ...input, name: input.name.trim(), codes }),
        ),
      ),
    );
    if (!row) throw notFound('Condition');
    return { data: row, message: 'Condition updated successfully' };
  });

  defineRoute(app, 'deleteCondition', async (request) => {
    const { id } = request.params;
    const deleted = await audited(request, { entity: 'condition', action: 'delete', id }, (tx) =>
      deleteUnlessUsed(tx, conditions.CONDITION_DELETE, id, (users) =>
        stillUsed('This condition', users),
      ),
    );
    if (!deleted) throw notFound('Condition');
    return { message: 'Condition deleted successfully' };
  });
}

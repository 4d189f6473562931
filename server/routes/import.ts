import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sessionOf } from '../auth/guard';
import { runImport } from '../import/run';
import { Busy, SuiteQueue } from '../test-prescriptions/queue';
import { defineRoute } from './define';

export default async function importRoutes(app: FastifyInstance) {
  // The file is read as it arrives (server/import/csvRows.ts counts its bytes against the
  // import's own limit), never held whole: Fastify hands the route the request stream.
  app.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));
  // An import's dry run runs the test prescriptions twice, and a real import writes thousands of
  // rows: heavy jobs, held to the limits of the test prescription jobs, one per account at a time.
  const queue = new SuiteQueue(app.config.testSuite);
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof Busy) reply.header('retry-after', String(error.retryAfter));
  });

  defineRoute(app, 'importReferenceData', async (request, reply) => {
    const { entity, dry_run: dryRun = true, file_name: fileName } = request.query;
    const session = sessionOf(request);
    const result = await queue.run(
      async () => {
        const client = await app.db.connect();
        try {
          return await runImport(client, {
            entity,
            dryRun,
            body: request.body as Readable,
            author: {
              actorId: session.id,
              actorName: session.name,
              reason: `Import of ${fileName?.trim() || 'a CSV file'}`,
            },
          });
        } finally {
          client.release();
        }
      },
      { account: session.id, kind: 'import' },
    );
    const summary = `${result.counts.created} to create, ${result.counts.changed} to change, ${result.counts.unchanged} unchanged`;
    if (result.counts.errors > 0 && !dryRun) {
      const errors: Record<string, string[]> = {};
      for (const found of result.errors)
        (errors[`${found.row}.${found.field}`] ??= []).push(found.message);
      return (reply as FastifyReply).status(422).send({
        message: `The file has ${result.counts.errors} errors: nothing was imported.`,
        errors,
        data: result,
      });
    }
    if (result.stored) {
      // The history's entries went to its inbox, and the test prescriptions run on the new data.
      app.auditInbox.schedule();
      app.testSuite.schedule();
      return {
        data: result,
        message: `Imported: ${result.counts.created} created, ${result.counts.changed} changed, ${result.counts.unchanged} unchanged`,
      };
    }
    return {
      data: result,
      message:
        result.counts.errors > 0
          ? `The file has ${result.counts.errors} errors (${summary})`
          : `Nothing stored (a dry run): ${summary}`,
    };
  });
}

import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sessionOf } from '../auth/guard';
import { HttpError } from '../errors';
import { readBundle } from '../import/fhirBundle';
import { csvPart, runImport, type ImportRequest } from '../import/run';
import { Busy, SuiteQueue } from '../test-prescriptions/queue';
import { defineRoute } from './define';

export default async function importRoutes(app: FastifyInstance) {
  // The file is read as it arrives (server/import/csvRows.ts counts its bytes against the
  // import's own limit), never held whole: Fastify hands the route the request stream.
  app.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));
  // A FHIR Bundle is read by the import too, against its own limit (import/fhirBundle.ts): here
  // (this route's scope alone) JSON is not parsed up front under the API's 1 MiB.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    ['application/json', 'application/fhir+json'],
    (_request, payload, done) => done(null, payload),
  );
  // An import's dry run runs the test prescriptions twice, and a real import writes thousands of
  // rows: heavy jobs, held to the limits of the test prescription jobs, one per account at a time.
  const queue = new SuiteQueue(app.config.testSuite);
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof Busy) reply.header('retry-after', String(error.retryAfter));
  });

  defineRoute(app, 'importReferenceData', async (request, reply) => {
    const { entity, dry_run: dryRun = true, file_name: fileName } = request.query;
    const session = sessionOf(request);
    const body = request.body as Readable;
    const csv = request.mediaType === 'text/csv';
    if (csv && !entity) {
      body.resume();
      throw new HttpError(400, 'entity is required for a CSV file', {
        entity: ['is required for a CSV file'],
      });
    }
    if (!csv && entity) {
      body.resume();
      throw new HttpError(400, 'entity is for a CSV file: a FHIR Bundle names its own records', {
        entity: ['is for a CSV file only'],
      });
    }
    const author = {
      actorId: session.id,
      actorName: session.name,
      reason: `Import of ${fileName?.trim() || (csv ? 'a CSV file' : 'a FHIR Bundle')}`,
    };
    const result = await queue.run(
      async () => {
        // The Bundle is read whole (JSON has no rows to stream) before a connection is taken.
        const input: ImportRequest =
          csv && entity
            ? { label: entity, parts: [csvPart(entity, body)], dryRun, author }
            : { label: 'fhir-bundle', ...(await readBundle(body)), dryRun, author };
        const client = await app.db.connect();
        try {
          return await runImport(client, input);
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

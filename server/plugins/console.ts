import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The built console from `staticDir`, when there is one; anything else outside the API is a 404. */
export async function consoleFiles(app: FastifyInstance, staticDir: string): Promise<void> {
  if (!existsSync(join(staticDir, 'index.html'))) {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Not found.' }));
    return;
  }
  await app.register(fastifyStatic, {
    root: staticDir,
    wildcard: false,
    index: 'index.html',
    // The build writes .br and .gz beside each script and style sheet (vite.config.ts).
    preCompressed: true,
  });
  // Client routes (/dashboard/...) get the console, which routes them itself.
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && request.headers.accept?.includes('text/html')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ message: 'Not found.' });
  });
}

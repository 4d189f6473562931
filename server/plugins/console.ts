import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** A build's scripts and style sheets (vite.config.ts), whose names carry a hash of their content. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[\w-]{8}\.(?:js|css)(?:\.br|\.gz)?$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

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
    // A built script or style sheet is named after a hash of its content, so a name never
    // changes content: the browser keeps it for good and asks no more. index.html keeps the
    // default (revalidated on every load), as it names the current build's files.
    setHeaders: (reply, path) => {
      if (HASHED_ASSET.test(path)) reply.header('cache-control', IMMUTABLE);
    },
  });
  // Client routes (/dashboard/...) get the console, which routes them itself.
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && request.headers.accept?.includes('text/html')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ message: 'Not found.' });
  });
}

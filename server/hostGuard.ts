import { networkInterfaces } from 'node:os';
import type { FastifyRequest } from 'fastify';
import type { Config } from './config';
import { HttpError } from './errors';

const WILDCARDS = new Set(['0.0.0.0', '::', '']);

/** A host as requests name it: lowercase, without IPv6 brackets or a trailing dot. */
const normalise = (host: string) =>
  host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');

/**
 * Refuses a request whose Host (X-Forwarded-Host from a trusted proxy) is not the address the
 * server is bound to, localhost, or a name in ALLOWED_HOSTS. A page on another site whose name
 * an attacker re-points at 127.0.0.1 (DNS rebinding) then reaches the server under that name,
 * and is refused. A server bound to every interface (0.0.0.0 or ::) also admits the machine's
 * own addresses.
 */
export function hostGuard(config: Pick<Config, 'host' | 'allowedHosts'>) {
  const allowed = new Set(['localhost', normalise(config.host), ...config.allowedHosts]);
  if (WILDCARDS.has(normalise(config.host))) {
    for (const addresses of Object.values(networkInterfaces()))
      for (const { address } of addresses ?? []) allowed.add(normalise(address));
  }
  return async function checkHost(request: FastifyRequest) {
    if (!allowed.has(normalise(request.hostname))) {
      throw new HttpError(
        421,
        'This server does not answer for that host name. Its operator can add the name to ALLOWED_HOSTS.',
      );
    }
  };
}

import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import { watchReader } from './exportLimits';

/**
 * Sends `json` (read as it is sent, already serialised by the contract's response schema). A
 * reader that stops taking it is dropped after a while (watchReader), ending the stream.
 */
export function sendJsonStream(reply: FastifyReply, json: Readable): FastifyReply {
  watchReader(reply);
  return reply.type('application/json; charset=utf-8').send(json);
}

/**
 * `chunks` as a stream that makes each chunk when its reader wants it, one chunk ahead (not
 * Readable.from's 16, megabytes for a large answer), and lets the server answer other requests
 * between two chunks however fast the reader takes them: otherwise a large download holds every
 * other request until it has been written.
 */
export function paced(chunks: Iterable<string> | AsyncIterable<string>): Readable {
  return Readable.from(
    (async function* pacedChunks() {
      let first = true;
      for await (const chunk of chunks) {
        if (!first) await setImmediate();
        first = false;
        yield chunk;
      }
    })(),
    { highWaterMark: 1 },
  );
}

const DATA_START = '{"data":[';
const DATA_END = ']}';

/**
 * The JSON answer `{ "data": [...] }` of many records, serialised a part at a time (`parts`:
 * each part's records): `serialize` writes `{ data }` for one part (the contract's serializer),
 * and the parts' arrays are joined into one.
 */
export async function* dataAnswer<T>(
  parts: Iterable<T[]> | AsyncIterable<T[]>,
  serialize: (answer: { data: T[] }) => string,
): AsyncGenerator<string> {
  yield DATA_START;
  let first = true;
  for await (const data of parts) {
    const text = serialize({ data });
    if (!text.startsWith(DATA_START) || !text.endsWith(DATA_END)) {
      throw new Error(`Unexpected serialisation of a list: ${text.slice(0, 40)}`);
    }
    yield `${first ? '' : ','}${text.slice(DATA_START.length, -DATA_END.length)}`;
    first = false;
  }
  yield DATA_END;
}

import { parentPort } from 'node:worker_threads';
import { evaluateChunk, type ChunkInput } from './evaluate';

/**
 * A worker thread of ./workers.ts: evaluates the chunks it is sent, one at a time, and answers
 * each by its task id. A failure is answered too, so that only its own task fails.
 */
export interface WorkerTask {
  id: number;
  input: ChunkInput;
}

export type WorkerAnswer =
  { id: number; output: ReturnType<typeof evaluateChunk> } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('server/test-prescriptions/worker.ts runs as a worker thread');

port.on('message', ({ id, input }: WorkerTask) => {
  let answer: WorkerAnswer;
  try {
    answer = { id, output: evaluateChunk(input) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(answer);
});

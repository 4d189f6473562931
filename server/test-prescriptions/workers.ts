import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ChunkInput, ChunkOutput } from './evaluate';
import type { WorkerAnswer, WorkerTask } from './worker';

/**
 * The worker threads that evaluate test prescriptions (./worker.ts), shared by the process: the
 * event loop only reads the database and hands each chunk over, so a run of thousands of tests
 * never keeps it from answering other requests. Workers start on the first chunk, take chunks in
 * the order they were handed over (a small run's chunk waits behind a few of a large run's, never
 * behind the whole run), and are ended when the last app that holds them closes.
 */

/**
 * The worker's entry: plain JavaScript that loads ./worker.ts through tsx's API (see worker.mjs),
 * alike under `npm start`, the tests' server processes and in-process tests. Relative to the
 * working directory, as the server finds its contract (server/contract.ts).
 */
const WORKER_ENTRY = resolve('server/test-prescriptions/worker.mjs');

interface Task {
  id: number;
  input: ChunkInput;
  resolve: (output: ChunkOutput) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  task: Task | undefined;
}

export class EvaluatorPool {
  private readonly threads: Thread[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;
  /** Chunks evaluated so far (tests watch a run's progress with it). */
  evaluated = 0;

  constructor(readonly size: number) {}

  evaluate(input: ChunkInput): Promise<ChunkOutput> {
    if (this.closed) return Promise.reject(new Error('The test prescription workers are closed'));
    return new Promise<ChunkOutput>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, input, resolve, reject });
      this.dispatch();
    });
  }

  /** Worker threads started and not ended. */
  get threadCount(): number {
    return this.threads.length;
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let thread = this.threads.find((t) => !t.task);
      if (!thread && this.threads.length < this.size) thread = this.start();
      if (!thread) return;
      const task = this.queue.shift() as Task;
      thread.task = task;
      // A worker at work keeps the process alive (its answer is awaited); an idle one does not.
      thread.worker.ref();
      thread.worker.postMessage({ id: task.id, input: task.input } satisfies WorkerTask);
    }
  }

  private start(): Thread {
    // No execArgv: under `node --import tsx`, the worker would register tsx a second time.
    const worker = new Worker(WORKER_ENTRY, { execArgv: [] });
    worker.unref();
    const thread: Thread = { worker, task: undefined };
    this.threads.push(thread);
    worker.on('message', (answer: WorkerAnswer) => {
      const task = thread.task;
      if (!task || task.id !== answer.id) return;
      thread.task = undefined;
      worker.unref();
      if ('error' in answer)
        task.reject(new Error(`A test prescription chunk failed: ${answer.error}`));
      else {
        this.evaluated++;
        task.resolve(answer.output);
      }
      this.dispatch();
    });
    // A worker that fails outside a task (it could not load) or exits is replaced on the next
    // chunk; the chunk it held fails, and only that one.
    const lost = (error: Error) => {
      const index = this.threads.indexOf(thread);
      if (index < 0) return;
      this.threads.splice(index, 1);
      thread.task?.reject(error);
      thread.task = undefined;
      if (this.closed) return;
      // A worker that cannot even start would fail every chunk after it too.
      if (this.threads.length === 0) for (const task of this.queue.splice(0)) task.reject(error);
      else this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`A test prescription worker stopped (${code})`)));
    return thread;
  }

  /** Ends every worker; chunks not yet answered fail. */
  async close(): Promise<void> {
    this.closed = true;
    const stopped = new Error('The test prescription workers were closed');
    for (const task of this.queue.splice(0)) task.reject(stopped);
    const threads = this.threads.splice(0);
    for (const thread of threads) thread.task?.reject(stopped);
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
  }
}

let shared: EvaluatorPool | undefined;
let holders = 0;
let size = 1;

/** The process's workers (started on their first chunk). */
export function evaluators(): EvaluatorPool {
  shared ??= new EvaluatorPool(size);
  return shared;
}

/**
 * Holds the workers for an app (`workers` threads, unless another app set them up first); the
 * function it answers lets go, and the last to let go ends them (an app's onClose).
 */
export function holdEvaluators(workers: number): () => Promise<void> {
  if (holders++ === 0 && !shared) size = Math.max(1, workers);
  let held = true;
  return async () => {
    if (!held) return;
    held = false;
    if (--holders > 0 || !shared) return;
    const pool = shared;
    shared = undefined;
    await pool.close();
  };
}

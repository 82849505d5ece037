import { Worker, type WorkerOptions } from 'node:worker_threads';
import { keepYoungGenerationAsItWas } from './heap.js';

/**
 * Starts a worker thread without undoing how the process sizes its young generation: setting up the
 * worker's heap resets it (see `keepYoungGenerationAsItWas`), so it is set again once the worker runs.
 */
export function startWorker(url: URL, options: WorkerOptions): Worker {
  const worker = new Worker(url, options);
  worker.once('online', keepYoungGenerationAsItWas);
  return worker;
}

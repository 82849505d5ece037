import { randomUUID } from 'node:crypto';
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { RECORD_KINDS } from '../contract/kinds.js';
import type { Store } from './storage/store.js';

/** How often a process sharing its database writes its metrics there. */
const PUBLISH_MS = 5_000;
/** A process whose metrics are older than this has gone: its figures are no longer counted. */
const GONE_MS = 60_000;

/**
 * The service's metrics in the Prometheus text format (`GET /metrics`): requests by route and status,
 * how long creates take to be accepted and to be applied, the faults injected, and the queue's depth.
 * Each process counts its own; processes sharing a database write theirs there every few seconds, and
 * whichever process is asked answers for them all (its own figures fresh), the queue's depth read from
 * the store at that moment.
 */
export class ServiceMetrics {
  readonly #registry = new Registry();
  readonly #store: Store;
  readonly #processId = randomUUID();
  readonly #shared: boolean;
  readonly #requests = new Counter({
    name: 'intake_http_requests_total',
    help: 'Requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [this.#registry],
  });
  readonly #accept = new Histogram({
    name: 'intake_accept_seconds',
    help: 'Time to accept a create (to its 202, committed), by kind',
    labelNames: ['kind'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.#registry],
  });
  readonly #apply = new Histogram({
    name: 'intake_apply_lag_seconds',
    help: "Time from a create's acceptance to its apply (the apply delay and the queue), by kind",
    labelNames: ['kind'],
    buckets: [0.01, 0.1, 0.5, 1, 2, 5, 10, 30, 60, 300, 900, 3600],
    registers: [this.#registry],
  });
  readonly #faults = new Counter({
    name: 'intake_faults_injected_total',
    help: 'Faults injected into requests, by kind',
    labelNames: ['kind'],
    registers: [this.#registry],
  });
  #timer: NodeJS.Timeout | undefined;

  constructor(store: Store) {
    this.#store = store;
    this.#shared = store.dialect.shared;
    if (this.#shared) {
      this.#timer = setInterval(() => void this.publish().catch(() => {}), PUBLISH_MS);
      this.#timer.unref();
    }
  }

  request(method: string, route: string, status: number): void {
    this.#requests.inc({ method, route, status: String(status) });
  }

  accepted(kind: string, seconds: number): void {
    this.#accept.observe({ kind }, seconds);
  }

  applied(kind: string, seconds: number): void {
    this.#apply.observe({ kind }, seconds);
  }

  fault(kind: string): void {
    this.#faults.inc({ kind });
  }

  /** Writes this process's figures to the store, for the others to answer with. */
  async publish(): Promise<void> {
    if (!this.#shared) return;
    await this.#store.processMetrics.put(
      this.#processId,
      Date.now(),
      JSON.stringify(await this.#registry.getMetricsAsJSON()),
    );
  }

  /** The text `GET /metrics` answers: every live process's figures, summed, and the queue's depth now. */
  async text(): Promise<{ contentType: string; body: string }> {
    const own = await this.#registry.getMetricsAsJSON();
    const others = this.#shared
      ? (await this.#store.processMetrics.others(this.#processId, Date.now() - GONE_MS)).map(
          (row) => JSON.parse(row.metrics) as object[],
        )
      : [];
    const all = others.length === 0 ? this.#registry : AggregatorRegistry.aggregate([own, ...others]);
    const depth = new Registry();
    const gauge = new Gauge({
      name: 'intake_queue_depth',
      help: 'Creates accepted and not applied yet, by kind (every merchant)',
      labelNames: ['kind'],
      registers: [depth],
    });
    const counts = await this.#store.jobs.depth();
    for (const kind of RECORD_KINDS) gauge.set({ kind }, counts.get(kind) ?? 0);
    return {
      contentType: this.#registry.contentType,
      body: `${await all.metrics()}\n${await depth.metrics()}`,
    };
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    if (this.#shared) await this.#store.processMetrics.remove(this.#processId).catch(() => {});
  }
}

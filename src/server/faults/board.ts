import { formatFaultSpec, parseFaultSpec, segmentPattern, type FaultKind, type FaultRule } from './spec.js';
import type { Store } from '../storage/store.js';

/** The fault a request gets, if any. */
export interface FaultDecision {
  rule: FaultRule;
  kind: FaultKind;
  /** For latency, how much this request gets (drawn in the rule's range). */
  delayMs?: number;
}

/** A set of fault rules, with the paths they match and how many each injected. */
export class FaultBoard {
  #rules: FaultRule[] = [];
  #patterns: (RegExp | undefined)[] = [];
  readonly injected: Record<string, number> = {};

  constructor(spec?: string) {
    if (spec !== undefined) this.set(parseFaultSpec(spec));
  }

  get rules(): readonly FaultRule[] {
    return this.#rules;
  }

  get spec(): string {
    return formatFaultSpec(this.#rules);
  }

  set(rules: readonly FaultRule[]): void {
    this.#rules = [...rules];
    this.#patterns = rules.map((rule) => (rule.path === undefined ? undefined : segmentPattern(rule.path)));
  }

  /** The rules that match a request, in order. */
  matching(method: string, path: string): FaultRule[] {
    return this.#rules.filter((rule, index) => {
      if (rule.method !== undefined && rule.method !== method) return false;
      const pattern = this.#patterns[index];
      return !pattern || pattern.test(path);
    });
  }
}

/** Where each merchant's faults are kept, for every process of a shared database. */
const KEY_PREFIX = 'faults:';

/**
 * The faults in force: those set at start for every merchant (`--faults`), and each merchant's own,
 * set and seen with its credentials only and kept in the store, so that every process sharing a
 * database injects the same ones. Faults hit the service's own operations only (`/api/`), never the
 * local ones or the console, so that a developer can always see and clear them. Which requests they hit
 * is drawn from `random` (seeded in tests): one draw per request among every rule that matches it.
 */
export class FaultPanel {
  readonly everyone: FaultBoard;
  readonly #merchants = new Map<string, FaultBoard>();
  readonly #random: () => number;
  readonly #store: Store | undefined;

  constructor(options: { spec?: string; random?: () => number; store?: Store } = {}) {
    this.everyone = new FaultBoard(options.spec);
    this.#random = options.random ?? Math.random;
    this.#store = options.store;
  }

  /** A merchant's own faults (none set: an empty board). */
  of(merchantId: string): FaultBoard {
    let board = this.#merchants.get(merchantId);
    if (!board) this.#merchants.set(merchantId, (board = new FaultBoard()));
    return board;
  }

  /** Puts a merchant's faults in force, for every process sharing the database. */
  async set(merchantId: string, rules: readonly FaultRule[]): Promise<void> {
    const board = this.of(merchantId);
    board.set(rules);
    await this.#store?.meta.set(`${KEY_PREFIX}${merchantId}`, board.spec);
  }

  /** Reads every merchant's faults again: another process may have set them. */
  async refresh(): Promise<void> {
    if (!this.#store) return;
    for (const { key, value } of await this.#store.meta.withPrefix(KEY_PREFIX)) {
      const board = this.of(key.slice(KEY_PREFIX.length));
      if (board.spec === value) continue;
      try {
        board.set(parseFaultSpec(value));
      } catch {
        board.set([]);
      }
    }
  }

  /**
   * The fault for a request of `merchantId` (undefined: a request that names none). One draw decides
   * among the rules that match it, everyone's then the merchant's, each taking its share of the range in
   * turn: `503:10%,drop-after-commit:5%` hits 10% and 5% of requests, never the same one.
   */
  decide(merchantId: string | undefined, method: string, path: string): FaultDecision | undefined {
    if (!path.startsWith('/api/')) return undefined;
    const own = merchantId === undefined ? undefined : this.#merchants.get(merchantId);
    const candidates: [FaultBoard, FaultRule][] = [
      ...this.everyone.matching(method, path).map((rule): [FaultBoard, FaultRule] => [this.everyone, rule]),
      ...(own?.matching(method, path) ?? []).map((rule): [FaultBoard, FaultRule] => [
        own as FaultBoard,
        rule,
      ]),
    ];
    if (candidates.length === 0) return undefined;
    const draw = this.#random();
    let from = 0;
    for (const [board, rule] of candidates) {
      from += rule.share;
      if (draw >= from) continue;
      board.injected[rule.kind] = (board.injected[rule.kind] ?? 0) + 1;
      const latency = rule.latencyMs;
      return {
        rule,
        kind: rule.kind,
        ...(latency ? { delayMs: latency.min + this.#random() * (latency.max - latency.min) } : {}),
      };
    }
    return undefined;
  }
}

import { formatFaultSpec, parseFaultSpec, type FaultKind, type FaultRule } from './spec.js';

/** The fault a request gets, if any. */
export interface FaultDecision {
  rule: FaultRule;
  kind: FaultKind;
  /** For latency, how much this request gets (drawn in the rule's range). */
  delayMs?: number;
}

const segmentPattern = (path: string) =>
  new RegExp(`^${path.replace(/[.+?^$()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]+')}`);

/**
 * The faults in force and how many each has injected. Faults hit the service's own operations only
 * (`/api/`), never the local ones or the console, so that a developer can always see and clear them.
 * Which requests they hit is drawn from `random` (seeded in tests).
 */
export class FaultBoard {
  #rules: FaultRule[] = [];
  #patterns: (RegExp | undefined)[] = [];
  readonly #random: () => number;
  readonly injected: Record<string, number> = {};

  constructor(options: { spec?: string; random?: () => number } = {}) {
    this.#random = options.random ?? Math.random;
    if (options.spec !== undefined) this.set(parseFaultSpec(options.spec));
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

  clear(): void {
    this.set([]);
  }

  /**
   * The fault for a request. One draw decides among the rules that match it, each taking its share of
   * the range in turn: `503:10%,drop-after-commit:5%` hits 10% and 5% of requests, never the same one.
   */
  decide(method: string, path: string): FaultDecision | undefined {
    if (this.#rules.length === 0 || !path.startsWith('/api/')) return undefined;
    const draw = this.#random();
    let from = 0;
    for (const [index, rule] of this.#rules.entries()) {
      if (rule.method !== undefined && rule.method !== method) continue;
      const pattern = this.#patterns[index];
      if (pattern && !pattern.test(path)) continue;
      from += rule.share;
      if (draw >= from) continue;
      this.injected[rule.kind] = (this.injected[rule.kind] ?? 0) + 1;
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

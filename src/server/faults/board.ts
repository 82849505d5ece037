import { createHash } from 'node:crypto';
import { seededRandom } from '../../util/random.js';
import type { Store } from '../storage/store.js';
import { formatFaultSpec, parseFaultSpec, segmentPattern, type FaultKind, type FaultRule } from './spec.js';

/** The fault a request gets, if any. */
export interface FaultDecision {
  rule: FaultRule;
  kind: FaultKind;
  /** For latency, how much this request gets (drawn in the rule's range). */
  delayMs?: number;
}

/** A request as faults see it: its method, path, and (once its body is read) the record it is about. */
export interface FaultedRequest {
  method: string;
  path: string;
  /** The record's id; undefined before the body is read (rules with an `@id` wait for it). */
  id?: string;
}

/**
 * A set of fault rules, with the paths they match, how many each injected, and the draws that choose
 * their requests (from a seed, when one was given: the same requests then get the same faults).
 */
export class FaultBoard {
  #rules: FaultRule[] = [];
  #patterns: (RegExp | undefined)[] = [];
  #seed: number | undefined;
  #random: () => number;
  readonly #shared: () => number;
  readonly injected: Record<string, number> = {};

  constructor(random: () => number, spec?: string, seed?: number) {
    this.#shared = random;
    this.#random = random;
    if (spec !== undefined) this.set(parseFaultSpec(spec), seed);
  }

  get rules(): readonly FaultRule[] {
    return this.#rules;
  }

  get spec(): string {
    return formatFaultSpec(this.#rules);
  }

  get seed(): number | undefined {
    return this.#seed;
  }

  /** A draw in [0, 1): from the seed's sequence when there is one. */
  draw(): number {
    return this.#random();
  }

  /** Puts these rules in force, in place of any; what was injected is counted afresh. */
  set(rules: readonly FaultRule[], seed?: number): void {
    for (const kind of Object.keys(this.injected)) delete this.injected[kind];
    this.#rules = [...rules];
    this.#patterns = rules.map((rule) => (rule.path === undefined ? undefined : segmentPattern(rule.path)));
    this.#seed = seed;
    this.#random = seed === undefined ? this.#shared : seededRandom(seed);
  }

  /**
   * The rules that match a request, in order, with their places. Rules about a record (`@id`) match
   * only once the record is known; the others only before, so that no request is drawn for twice.
   */
  matching(request: FaultedRequest): { rule: FaultRule; index: number }[] {
    return this.#rules.flatMap((rule, index) => {
      if (rule.method !== undefined && rule.method !== request.method) return [];
      if ((rule.id !== undefined) !== (request.id !== undefined)) return [];
      if (rule.id !== undefined && rule.id !== request.id) return [];
      const pattern = this.#patterns[index];
      return !pattern || pattern.test(request.path) ? [{ rule, index }] : [];
    });
  }

  /** Whether any rule waits for the record a request is about. */
  get aboutRecords(): boolean {
    return this.#rules.some((rule) => rule.id !== undefined);
  }
}

/** Where each merchant's faults are kept, for every process of a shared database. */
const KEY_PREFIX = 'faults:';
/** What every key of faults starts with (read at once). */
const FAULT_PREFIX = 'fault';
const SEED_PREFIX = 'fault-seed:';
/** How many requests a `next=N` rule still has, per rule (shared by the processes of a database). */
const LEFT_PREFIX = 'fault-left:';

/**
 * The faults in force: those set at start for every merchant (`--faults`), and each merchant's own,
 * set and seen with its credentials only and kept in the store, so that every process sharing a
 * database injects the same ones. Faults hit the service's own operations only (`/api/`), never the
 * local ones or the console, so that a developer can always see and clear them. One draw per request
 * decides among every rule that matches it (from a seed, when one was given); a `next=N` rule's count is
 * kept in the store, so that N requests get it whichever process serves them.
 */
export class FaultPanel {
  readonly everyone: FaultBoard;
  readonly #merchants = new Map<string, FaultBoard>();
  readonly #random: () => number;
  readonly #store: Store | undefined;
  /** What names this start's counts of `--faults` (the processes of one `--workers` share it). */
  readonly #epoch: string;
  /**
   * Counted at the start and at the end of each set of faults in this process, with the sets under way:
   * a refresh that overlapped one lets go of what it read (it may have read what the set replaces).
   */
  #sets = 0;
  #setting = 0;

  constructor(
    options: { spec?: string; seed?: number; random?: () => number; store?: Store; epoch?: string } = {},
  ) {
    this.#random = options.random ?? Math.random;
    this.everyone = new FaultBoard(this.#random, options.spec, options.seed);
    this.#store = options.store;
    this.#epoch = options.epoch ?? String(Date.now());
  }

  /** Makes the counts of `--faults`' `next=N` rules (once for all the processes of this start). */
  async start(): Promise<void> {
    await this.#resetCounts('*', this.everyone, true);
  }

  /** A merchant's own faults (none set: an empty board). */
  of(merchantId: string): FaultBoard {
    let board = this.#merchants.get(merchantId);
    if (!board) this.#merchants.set(merchantId, (board = new FaultBoard(this.#random)));
    return board;
  }

  /**
   * Puts a merchant's faults in force, for every process sharing the database; their counts start afresh.
   * The rules, their seed and their counts are written in one transaction, so that no process reads the
   * new rules with the old seed or counts.
   */
  async set(merchantId: string, rules: readonly FaultRule[], seed?: number): Promise<void> {
    this.#sets++;
    this.#setting++;
    try {
      const board = this.of(merchantId);
      board.set(rules, seed);
      await this.#store?.transaction(async (tx) => {
        await this.#resetCounts(merchantId, board, false, tx);
        await tx.meta.set(`${SEED_PREFIX}${merchantId}`, seed === undefined ? '' : String(seed));
        await tx.meta.set(`${KEY_PREFIX}${merchantId}`, board.spec);
      });
    } finally {
      this.#setting--;
      this.#sets++;
    }
  }

  /**
   * Reads every merchant's faults again: another process may have set them. What it read is let go if
   * faults were being set in this process meanwhile (it may have read what they replace, before their
   * commit); the next one reads them.
   */
  async refresh(): Promise<void> {
    if (!this.#store) return;
    const sets = this.#sets;
    // One statement, so the rules and seeds read are of one moment.
    const rows = await this.#store.meta.withPrefix(FAULT_PREFIX);
    if (sets !== this.#sets || this.#setting > 0) return;
    const seeds = new Map(
      rows
        .filter(({ key }) => key.startsWith(SEED_PREFIX))
        .map(({ key, value }) => [key.slice(SEED_PREFIX.length), value]),
    );
    for (const { key, value } of rows.filter(({ key }) => key.startsWith(KEY_PREFIX))) {
      const merchantId = key.slice(KEY_PREFIX.length);
      const board = this.of(merchantId);
      const seedText = seeds.get(merchantId) ?? '';
      const seed = seedText === '' ? undefined : Number(seedText);
      if (board.spec === value && board.seed === seed) continue;
      try {
        board.set(parseFaultSpec(value), seed);
      } catch {
        board.set([]);
      }
    }
  }

  /** Whether a merchant's requests may get a fault once their record is known (a rule with `@id`). */
  waitsForRecords(merchantId: string | undefined): boolean {
    return (
      this.everyone.aboutRecords ||
      (merchantId !== undefined && this.#merchants.get(merchantId)?.aboutRecords === true)
    );
  }

  /**
   * The fault for a request of `merchantId` (undefined: none). One draw decides among the rules that
   * match it, everyone's then the merchant's, each taking its share of the range in turn:
   * `503:10%,drop-after-commit:5%` hits 10% and 5% of requests, never the same one. A `next=N` rule
   * takes the next N requests it matches, counted in the store (a promise then), and once they are taken
   * gives way to the rules after it: `503:next=2,drop-after-commit:10%` is two 503s, then 10% dropped.
   */
  decide(
    merchantId: string | undefined,
    request: FaultedRequest,
  ): FaultDecision | undefined | Promise<FaultDecision | undefined> {
    if (!request.path.startsWith('/api/')) return undefined;
    const own = merchantId === undefined ? undefined : this.#merchants.get(merchantId);
    const candidates = [
      ...this.everyone.matching(request).map((match) => ({ ...match, board: this.everyone, owner: '*' })),
      ...(own?.matching(request) ?? []).map((match) => ({
        ...match,
        board: own as FaultBoard,
        owner: merchantId as string,
      })),
    ];
    if (candidates.length === 0) return undefined;
    // The seed of the board whose rule is first decides the draw (a merchant's own seed for its own rules).
    const first = candidates[0] as (typeof candidates)[number];
    return this.#pick(candidates, 0, first.board.draw(), 0);
  }

  /**
   * From the candidate at `start` on: a `next=N` rule with requests left takes the request; one whose
   * requests are all taken gives way to the rules after it; a rule with a share takes the request when
   * the draw falls in its share (the shares of the rules before it counted from `from`).
   */
  #pick(
    candidates: readonly { rule: FaultRule; index: number; board: FaultBoard; owner: string }[],
    start: number,
    draw: number,
    from: number,
  ): FaultDecision | undefined | Promise<FaultDecision | undefined> {
    for (let at = start; at < candidates.length; at++) {
      const { rule, index, board, owner } = candidates[at] as (typeof candidates)[number];
      if (rule.next !== undefined) {
        return this.#take(owner, board, index).then((taken) =>
          taken
            ? this.#injected(board, this.#decision(board, rule))
            : this.#pick(candidates, at + 1, draw, from),
        );
      }
      from += rule.share;
      if (draw < from) return this.#injected(board, this.#decision(board, rule));
    }
    return undefined;
  }

  #decision(board: FaultBoard, rule: FaultRule): FaultDecision {
    const latency = rule.latencyMs;
    return {
      rule,
      kind: rule.kind,
      ...(latency ? { delayMs: latency.min + board.draw() * (latency.max - latency.min) } : {}),
    };
  }

  #injected(board: FaultBoard, decision: FaultDecision): FaultDecision {
    board.injected[decision.kind] = (board.injected[decision.kind] ?? 0) + 1;
    return decision;
  }

  /** The key of a `next=N` rule's count: its owner, its place, and what the rules were. */
  #leftKey(owner: string, board: FaultBoard, index: number): string {
    const of = owner === '*' ? `*:${this.#epoch}` : owner;
    const spec = createHash('sha256').update(board.spec).digest('hex').slice(0, 16);
    return `${LEFT_PREFIX}${of}:${spec}:${index}`;
  }

  async #resetCounts(
    owner: string,
    board: FaultBoard,
    ifAbsent: boolean,
    store = this.#store,
  ): Promise<void> {
    if (!store) return;
    for (const [index, rule] of board.rules.entries()) {
      if (rule.next === undefined) continue;
      const key = this.#leftKey(owner, board, index);
      if (ifAbsent) await store.meta.setIfAbsent(key, String(rule.next));
      else await store.meta.set(key, String(rule.next));
    }
  }

  /** Takes one of a `next=N` rule's requests; false once they are all taken. */
  async #take(owner: string, board: FaultBoard, index: number): Promise<boolean> {
    if (!this.#store) return true;
    return this.#store.meta.takeOne(this.#leftKey(owner, board, index));
  }
}

/** A place on the wire, given back once the attempt has its answer (or none). */
export interface Place {
  release(outcome: AttemptOutcome): void;
}

/** What one attempt on the wire came to, as the pace sees it. */
export interface AttemptOutcome {
  /** The answer's status; absent when no answer came (a network error). */
  status?: number;
  /** How long the attempt took, from sending to the whole answer. */
  ms: number;
  /** How long a Retry-After makes the refused request wait, in ms (as much as the retry policy honours). */
  retryAfterMs?: number;
}

export interface PaceOptions {
  /** Requests on the wire at first. */
  initial: number;
  /** Never more than this on the wire. */
  max: number;
  /**
   * Look for the service's limit: start by doubling each round trip, and take rising latency as a sign
   * to slow down. Without it the pace starts at `max` and only backs off when the service asks.
   */
  probe: boolean;
  /** The monotonic clock, in milliseconds (tests step it). */
  now?: () => number;
}

/** By how much the window shrinks when the service says it is busy, and when its answers slow down. */
const BUSY_DECREASE = 0.85;
/**
 * By how much it shrinks when a probe past where the last trouble began is refused: the limit is where
 * it was, so the window steps back just below it instead of giving up a sixth of it each time (a
 * gateway of 32 at once: 0.98 of it used instead of 0.96, in simulated round trips). A refusal of a
 * request sent below that point (the limit fell) shrinks it by `BUSY_DECREASE`.
 */
const EDGE_DECREASE = 0.95;
const LATENCY_DECREASE = 0.9;
/** Latency counts as rising above both of these: twice the quickest round trip, and that plus 20 ms. */
const LATENCY_FACTOR = 2;
const LATENCY_MARGIN_MS = 20;
/** The quickest round trip is looked for again after this long (a route or a load that changed). */
const BASE_RTT_MEMORY_MS = 30_000;
/** The rate at which requests are answered is measured over spans of at least this long. */
const RATE_SPAN_MS = 250;

/**
 * How many requests may be on the wire at once, found the way TCP finds a link's capacity: grow while
 * answers come back fine, shrink by a factor when the service says it is busy (429 or 503) or when its
 * answers slow down, at most once per round trip. After a decrease the window climbs back quickly to
 * where the last trouble began, then probes past it one request per round trip, so it spends its time
 * close to the service's limit instead of halfway below it.
 *
 * A 429 or 503 with room to shrink asks only its own request to wait its Retry-After (the client does,
 * before the retry) while the smaller window keeps the others going; one that comes when a single
 * request at a time is all that is left stops every start until its Retry-After. A service that is
 * down for everyone gets there within a few round trips, and sporadic refusals never stall an upload.
 *
 * Each attempt takes a place with `acquire` and gives it back with `release`, so a request sleeping
 * before its retry holds no place on the wire.
 */
export class Pace {
  readonly #max: number;
  readonly #probe: boolean;
  readonly #now: () => number;
  #window: number;
  #onWire = 0;
  #slowStart: boolean;
  /** The window when trouble last began: the climb after a decrease aims here first. */
  #troubleAt = 0;
  /** No second decrease before this time: one round trip's answers belong to one event. */
  #calmAfter = 0;
  #pausedUntil = 0;
  #baseRtt = Number.POSITIVE_INFINITY;
  #baseRttAt = 0;
  #smoothRtt = 0;
  #busy = 0;
  #slowed = 0;
  /** Requests still to come, as the caller last said (not said: as many as ever). */
  #remaining = Number.POSITIVE_INFINITY;
  /** What the last Retry-After of a refusal asked for: how long a refused request waits before its retry. */
  #refusalWaitMs = 0;
  /** Requests answered per millisecond, over the last whole span; 0 until one was measured. */
  #rate = 0;
  #rateCount = 0;
  #rateSince: number | undefined;
  #waiting: (() => void)[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: PaceOptions) {
    this.#max = Math.max(1, options.max);
    this.#probe = options.probe;
    this.#window = this.#probe ? Math.min(this.#max, Math.max(1, options.initial)) : this.#max;
    this.#slowStart = this.#probe;
    this.#now = options.now ?? (() => performance.now());
  }

  /** Whether the pace looks for the service's limit (no `--concurrency`). */
  get probing(): boolean {
    return this.#probe;
  }

  /** How many may be on the wire now (whole requests). */
  get limit(): number {
    return Math.max(1, Math.floor(this.#window));
  }

  get onWire(): number {
    return this.#onWire;
  }

  /** How many times the service said it was busy (429 or 503): once per round trip at most. */
  get throttles(): number {
    return this.#busy;
  }

  /** How many times the window shrank because answers took much longer than the quickest. */
  get slowdowns(): number {
    return this.#slowed;
  }

  /**
   * Waits for a place on the wire (and for any pause the service asked for), then takes it. `giveUp` is
   * asked first, and again whenever the wait is woken (`wake`, or a place given back): true ends it
   * without a place, so that after a stop a request waiting for its turn never takes a place freed by
   * an answer.
   */
  async acquire(giveUp: () => boolean = () => false): Promise<Place | undefined> {
    for (;;) {
      if (giveUp()) return undefined;
      const wait = this.#pausedUntil - this.#now();
      if (this.#onWire < this.limit && wait <= 0) break;
      await new Promise<void>((resolve) => {
        this.#waiting.push(resolve);
        if (wait > 0) this.#wakeAt(wait);
      });
    }
    this.#onWire += 1;
    let released = false;
    const windowAtSend = this.#window;
    return {
      release: (outcome) => {
        if (released) return;
        released = true;
        this.#release(outcome, windowAtSend);
      },
    };
  }

  /**
   * Says how many requests are still to come, those on the wire included. Near the end the pace stops
   * probing past the limit it already found: a probe refused there would have its request wait out the
   * Retry-After after everything else is done, and the whole upload with it.
   */
  set remaining(count: number) {
    this.#remaining = count;
  }

  /** Has every waiting `acquire` look again (a stop). */
  wake(): void {
    this.#wakeAll();
  }

  /** Gives a place back, learning from how the attempt went. */
  #release(outcome: AttemptOutcome, windowAtSend: number): void {
    this.#onWire -= 1;
    const { status } = outcome;
    if (status === 429 || status === 503) this.#trouble(outcome, windowAtSend);
    else if (status !== undefined && status < 500) this.#answered(outcome.ms);
    this.#wakeFree();
  }

  /**
   * Wakes the first waiters, as many as there are free places (a place given back frees one; a grown
   * window may free more). Waking every waiter on each answer would have each of them look and wait
   * again: with dozens waiting, that was a good share of an upload's time.
   */
  #wakeFree(): void {
    const pause = this.#pausedUntil - this.#now();
    if (pause > 0) {
      // Those already waiting were queued before the pause began, without a timer of their own.
      if (this.#waiting.length > 0) this.#wakeAt(pause);
      return;
    }
    const free = this.limit - this.#onWire;
    if (free > 0) for (const wake of this.#waiting.splice(0, free)) wake();
  }

  #answered(ms: number): void {
    const now = this.#now();
    this.#countAnswer(now);
    if (ms < this.#baseRtt || now - this.#baseRttAt > BASE_RTT_MEMORY_MS) {
      this.#baseRtt = ms;
      this.#baseRttAt = now;
    }
    this.#smoothRtt = this.#smoothRtt === 0 ? ms : this.#smoothRtt + (ms - this.#smoothRtt) / 8;
    const rising =
      this.#probe &&
      this.#smoothRtt > Math.max(this.#baseRtt * LATENCY_FACTOR, this.#baseRtt + LATENCY_MARGIN_MS);
    if (rising) {
      if (now >= this.#calmAfter) {
        this.#slowed += 1;
        this.#decrease(LATENCY_DECREASE, now);
      }
      return;
    }
    this.#grow();
  }

  /** Counts an answer towards the rate at which requests are answered. */
  #countAnswer(now: number): void {
    this.#rateSince ??= now;
    this.#rateCount += 1;
    const span = now - this.#rateSince;
    if (span < RATE_SPAN_MS) return;
    this.#rate = this.#rateCount / span;
    this.#rateCount = 0;
    this.#rateSince = now;
  }

  /** One round trip's worth of good answers adds a step, spread over the answers of the window. */
  #grow(): void {
    if (this.#window >= this.#max) return;
    // Slow start doubles the window each round trip; after trouble, half the way back to where it began
    // per round trip, then one request per round trip past it.
    const perTrip = this.#slowStart ? this.#window : Math.max(1, (this.#troubleAt - this.#window) / 2);
    const ceiling = this.#finishing() ? this.#belowEdge() : this.#max;
    if (this.#window >= ceiling) return;
    this.#window = Math.min(ceiling, this.#window + perTrip / this.#window);
  }

  /**
   * A window just below where the last trouble began: where an edge refusal steps back to, and at least
   * one whole request below the number that was refused (a gateway of 4 refuses 5: 5.4 × 0.95 is not
   * below it).
   */
  #belowEdge(): number {
    return Math.max(1, Math.min(this.#troubleAt * EDGE_DECREASE, Math.floor(this.#troubleAt) - 1));
  }

  /**
   * Whether what is left, at the rate answers come now, would be done before a request refused now came
   * back (the refusal's round trip, its wait, the retry's round trip), once trouble showed where the
   * limit is. The rate is measured rather than worked out from the window: a client slower than its
   * window (a busy machine) takes longer to finish than the window says.
   */
  #finishing(): boolean {
    if (this.#slowStart || this.#troubleAt === 0 || this.#rate === 0) return false;
    return this.#remaining / this.#rate < this.#refusalWaitMs + 2 * this.#smoothRtt;
  }

  /** The window shrinks from what it was when the refused request went: what it grew since is no gain. */
  #trouble(outcome: AttemptOutcome, windowAtSend: number): void {
    const now = this.#now();
    this.#refusalWaitMs = outcome.retryAfterMs ?? this.#refusalWaitMs;
    if (outcome.retryAfterMs !== undefined && this.limit <= 1) {
      this.#pausedUntil = Math.max(this.#pausedUntil, now + outcome.retryAfterMs);
    }
    if (now < this.#calmAfter) return;
    this.#busy += 1;
    const probedPastEdge = !this.#slowStart && this.#troubleAt > 0 && windowAtSend >= this.#troubleAt;
    this.#decrease(probedPastEdge ? EDGE_DECREASE : BUSY_DECREASE, now, Math.min(this.#window, windowAtSend));
  }

  #decrease(factor: number, now: number, from = this.#window): void {
    this.#slowStart = false;
    this.#troubleAt = from;
    this.#window = Math.max(1, from * factor);
    // The answers already on their way were sent at the old window: they belong to this event.
    this.#calmAfter = now + Math.max(this.#smoothRtt, 1);
  }

  /**
   * Wakes every waiter; the timer for the end of a pause goes too (one still paused arms it again), so
   * that an upload stopped during a pause does not keep its process until the pause would have ended.
   */
  #wakeAll(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    for (const wake of this.#waiting.splice(0)) wake();
  }

  #wakeAt(ms: number): void {
    if (this.#timer) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#wakeAll();
    }, ms);
  }
}

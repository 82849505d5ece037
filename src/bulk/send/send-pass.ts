import { AbortedError, NetworkError } from '../../client/errors.js';
import { ServiceFailing } from '../errors.js';
import type { SendProgress, UploadContext } from '../context.js';
import type { CheckResult } from '../check/check.js';
import { NOT_SHIPPED } from '../layout/table-layouts.js';
import { assembleRecords, type GroupEvent } from './group.js';
import type { UploadOptions } from '../options.js';
import type { ReportLine } from '../outcome.js';
import type { ProblemWords } from '../problems.js';
import type { Said } from '../said.js';
import type { Tally } from '../tally.js';
import type { Resource } from '../resources.js';
import type { Sender } from './sender.js';
import {
  correct,
  markSending,
  planRecord,
  prepare,
  ReadAheadMarks,
  reship,
  sendRecord,
  type Plan,
  type Prepared,
  type SendSetup,
  type Sent,
} from './send.js';
import type { InputSource } from '../read/source.js';
import type { Unit, UnitSource } from '../layout/units.js';
import type { LedgerRecords } from '../ledger/records.js';
import { readAhead } from '../../util/read-ahead.js';
import { counting } from '../../util/count.js';

/**
 * How many records the send pass reads ahead of the sender. They are marked in flight in the ledger as
 * they are read, so that one commit covers many (a record marked and then not sent, because the run
 * stopped first, is sent again by the next run, which is safe).
 */
const READ_AHEAD = 64;

/**
 * After this many records in a row failed by the service (5xx, or still 429 after a minute of retries),
 * with none answered otherwise between them, the service is taken to be failing every request: the
 * upload stops, as it does when the service is unreachable, instead of failing each record still to come
 * after a minute of its own (a service whose disk is full: hours for a few thousand orders).
 */
const FAILING_IN_A_ROW = 3;

/** Everything the sending part of an upload uses. */
export interface Sending {
  setup: SendSetup;
  sender: Sender;
}

/** What the send pass works on. */
/** Where the pass puts each record's outcome (the report stage's outputs): counted, reported, kept. */
export interface Results {
  readonly tally: Tally;
  add(line: ReportLine, units: readonly Unit[], reasonOf?: (unit: Unit) => string): Promise<void>;
  /** Notes how a `changed` or `updated` record differed. */
  noteChange(id: string, sent: Sent): void;
}

export interface SendPassInput {
  /** Looks at each record before it is sent (shipments: warns once about a carrier code not in the list). */
  onRecord?: (record: unknown) => void;
  resource: Resource<unknown>;
  units: UnitSource;
  checked: CheckResult;
  source: InputSource;
  options: UploadOptions;
  outputs: Results;
  /** Absent when nothing is sent (a dry run, or --all-or-nothing with invalid records). */
  sending: Sending | undefined;
  /** The ledger of the service and credentials, for a dry run to say what earlier runs sent. */
  ledger?: LedgerRecords;
  /** How the rows to fix say why (another language); English by default. */
  words?: ProblemWords;
}

/** How the pass ended: early (interrupted, or stopped by `fatal`), or not. */
export interface SendPassEnd {
  stopped: 'interrupted' | 'failed' | undefined;
  fatal: unknown;
}

/** What the pass decided for a record as it read it; a record to send carries its ledger mark. */
type Planned = Plan & { prepared: Prepared; marked?: Promise<void> };

/**
 * The send pass: each event of the group stage becomes a report line, and each record ready to send is
 * handed to the sender. It ends early on Ctrl-C (the requests in flight finish; a second Ctrl-C aborts
 * them) or on an error that ends the upload (the service unreachable, refused credentials, a changed
 * input), and returns once the requests in flight have finished, so that the summary still says what
 * was sent.
 */
export class SendPass {
  readonly #context: Pick<UploadContext, 'stop' | 'events'>;
  readonly #input: SendPassInput;
  readonly #marks = new ReadAheadMarks();
  #interrupted = false;
  #fatal: unknown;
  /** A health check under way after a record got no answer. */
  #probe: Promise<void> | undefined;
  /** Records failed by the service in a row, none answered otherwise since. */
  #failedInARow = 0;

  constructor(context: Pick<UploadContext, 'stop' | 'events'>, input: SendPassInput) {
    this.#context = context;
    this.#input = input;
  }

  /** The records the pass has to send or to find in the ledger: every valid one. */
  get #toSend(): number {
    const { checked } = this.#input;
    return checked.records - checked.invalidRecords;
  }

  async run(): Promise<SendPassEnd> {
    const { checked, sending } = this.#input;
    if (sending) {
      const total = this.#toSend;
      this.#context.events?.({ type: 'sending', total, progress: () => this.#progress(total) });
    }
    const stopListening = this.#context.stop.onStop(() => this.#onInterrupt());
    try {
      const { units, source, words } = this.#input;
      const events = assembleRecords(units, checked, source, words);
      for await (const { event, planned } of readAhead(events, READ_AHEAD, (read) => this.#plan(read))) {
        if (this.#interrupted || this.#fatal !== undefined) break;
        await this.#handle(event, planned);
      }
    } catch (error) {
      this.#fatal ??= error;
    } finally {
      await sending?.sender.drain();
      if (sending) await this.#marks.withdraw(sending.setup);
      if (sending) this.#context.events?.({ type: 'sent' });
      stopListening();
    }
    if (this.#fatal !== undefined) return { stopped: 'failed', fatal: this.#fatal };
    return { stopped: this.#interrupted ? 'interrupted' : undefined, fatal: undefined };
  }

  #onInterrupt(): void {
    const { sending } = this.#input;
    if (this.#interrupted) {
      if (sending) this.#note('Aborting the requests in flight.', { code: 'aborting_in_flight' });
      void sending?.setup.client.abort();
      return;
    }
    this.#interrupted = true;
    // Records waiting to be tried again give up now; the next run sends them (the ledger has them in flight).
    sending?.setup.client.http.stopRetrying();
    if (sending) {
      const inFlight = sending.sender.inFlight;
      this.#note(
        `Stopping: finishing ${counting(inFlight, 'request')} in flight. Press Ctrl-C again to abort them.`,
        { code: 'stopping_in_flight', values: { count: inFlight } },
      );
    }
  }

  #note(text: string, said: Said): void {
    this.#context.events?.({ type: 'note', text, said });
  }

  /** Records sent, or found in the ledger, and answered: done. */
  #done(): number {
    const { accepted, already_registered, changed, updated, rejected, failed } =
      this.#input.outputs.tally.outcomes;
    return accepted + already_registered + changed + updated + rejected + failed;
  }

  /** What the pass has counted so far, for a progress display. */
  #progress(total: number): SendProgress {
    const { tally } = this.#input.outputs;
    const { rejected, failed } = tally.outcomes;
    const sender = this.#input.sending?.sender;
    return {
      done: this.#done(),
      total,
      notAccepted: rejected + failed,
      fromLedger: tally.fromLedger,
      retries: tally.retries,
      slowedDown: tally.throttled,
      inFlight: sender?.wire.onWire ?? 0,
      limit: sender?.wire.limit ?? 0,
    };
  }

  /** Decides for each record read whether to send it, and starts marking it in flight if so. */
  #plan(event: GroupEvent): { event: GroupEvent; planned?: Planned } {
    const { sending } = this.#input;
    if (!sending || event.type !== 'record') return { event };
    const prepared = prepare(sending.setup.resource, event.record);
    const decided = planRecord(sending.setup, prepared);
    const sends = decided.action === 'send' || (decided.action === 'reship' && sending.setup.update);
    if (!sends) return { event, planned: { ...decided, prepared } };
    const marked = markSending(sending.setup, prepared);
    // Awaited before the record is sent; a record read ahead and never sent must not leave it unhandled.
    marked.catch(() => {});
    this.#marks.add(prepared.key, decided.action === 'send' ? decided.prior : undefined, marked);
    return { event, planned: { ...decided, prepared, marked } };
  }

  async #handle(event: GroupEvent, planned: Planned | undefined): Promise<void> {
    const { outputs, units } = this.#input;
    if (event.type === 'duplicate') {
      const message = `repeats ${units.unitName} ${event.of}`;
      await outputs.add({ rows: [event.unit.row], id: '', outcome: 'duplicate', message }, []);
      return;
    }
    if (event.type === 'skipped') {
      await outputs.add({ rows: [event.unit.row], id: '', outcome: 'skipped', message: NOT_SHIPPED }, []);
      return;
    }
    if (event.type === 'invalid') {
      const rows = event.units.map((unit) => unit.row);
      const line: ReportLine = { rows, id: event.id, outcome: 'invalid', message: event.message };
      await outputs.add(line, event.units, event.reasonOf);
      return;
    }
    this.#input.onRecord?.(event.record);
    const { sending } = this.#input;
    if (!sending || !planned) {
      const { dryRun } = this.#input.options;
      const id = this.#input.resource.labelOf(event.record);
      // A dry run says what it would send (the request body), and what an earlier run sent already.
      const before = dryRun ? this.#sentBefore(event.record) : undefined;
      if (before) outputs.tally.fromLedger += 1;
      const line = dryRun
        ? { id, outcome: 'valid' as const, message: before ?? '', body: event.record }
        : { id, outcome: 'not_sent' as const, message: '' };
      await this.#finish(line, event.units);
      return;
    }
    if (planned.action === 'skip') {
      outputs.tally.fromLedger += 1;
      await this.#finish({ id: planned.prepared.id, ...planned.sent }, event.units);
      return;
    }
    const { setup } = sending;
    if (planned.action === 'reship' && !planned.marked) {
      const sent = await reship(setup, planned.prepared, planned);
      await this.#finish({ id: planned.prepared.id, ...sent }, event.units, sent);
      return;
    }
    this.#marks.handOver(planned.prepared.key);
    this.#tellRemaining(sending);
    await sending.sender.submit(async () => {
      try {
        const sent = await this.#send(setup, planned);
        await this.#finish({ id: planned.prepared.id, ...sent }, event.units, sent);
        this.#tellRemaining(sending);
      } catch (error) {
        this.#fatal ??= error;
      }
    });
  }

  /**
   * For a dry run: whether an earlier run sent this record with the same content (the upload would not
   * send it again), as its line says it.
   */
  #sentBefore(record: unknown): string | undefined {
    const { ledger, resource, options } = this.#input;
    if (!ledger || !options.resume) return undefined;
    const prepared = prepare(resource, record);
    const prior = ledger.get(resource.name, prepared.key);
    if (!prior || prior.fingerprint !== prepared.print) return undefined;
    if (prior.state !== 'accepted' && prior.state !== 'already_registered') return undefined;
    return 'sent by an earlier run with the same content: it will not be sent again';
  }

  /** Tells the sender how many records are left to do: near the end the pace stops probing. */
  #tellRemaining(sending: Sending): void {
    sending.sender.remaining = this.#toSend - this.#done();
  }

  #send(setup: SendSetup, planned: Planned): Promise<Sent> {
    switch (planned.action) {
      case 'send':
        return sendRecord(setup, planned.prepared, planned.prior, planned.marked as Promise<void>);
      case 'reship':
        return reship(setup, planned.prepared, planned, planned.marked);
      case 'correct':
        return correct(setup, planned.prepared, planned.prior, planned.differing);
      case 'skip':
        return Promise.resolve(planned.sent);
    }
  }

  async #finish(line: Omit<ReportLine, 'rows'>, units: Unit[], sent?: Sent): Promise<void> {
    const { outputs } = this.#input;
    if (sent?.unreachable) await this.#checkReachable(sent.unreachable);
    if (sent) this.#countServiceFailure(sent);
    if (sent?.change) outputs.noteChange(line.id, sent);
    const fields = sent?.change?.fields;
    await outputs.add({ ...line, rows: units.map((unit) => unit.row), ...(fields ? { fields } : {}) }, units);
  }

  /**
   * Counts the records the service failed in a row; at `FAILING_IN_A_ROW` the upload stops with the
   * service's answer, and the records waiting to be tried again give up now (the next run sends them).
   */
  #countServiceFailure(sent: Sent): void {
    if (!sent.serviceFailed) {
      // An answer of another kind breaks the row; a request that got no answer says nothing either way.
      if (sent.outcome !== 'failed') this.#failedInARow = 0;
      return;
    }
    this.#failedInARow += 1;
    if (this.#failedInARow < FAILING_IN_A_ROW || this.#fatal !== undefined) return;
    this.#fatal = new ServiceFailing(sent.serviceFailed);
    const { sending } = this.#input;
    sending?.setup.client.http.stopRetrying();
    this.#note(
      `The service failed ${FAILING_IN_A_ROW} ${this.#input.resource.plural} in a row after retrying each: stopping.`,
      { code: 'failing_in_a_row', values: { count: FAILING_IN_A_ROW, kind: this.#input.resource.name } },
    );
  }

  /** After a record got no answer: is the service down (stop, exit 5), or was it that request (go on)? */
  #checkReachable(error: NetworkError): Promise<void> | undefined {
    this.#probe ??= this.#input.sending?.setup.client.health().then(
      () => {
        this.#probe = undefined;
      },
      (reason: unknown) => {
        // A probe given up because the upload was stopped says nothing of the service.
        if (reason instanceof AbortedError) {
          this.#probe = undefined;
          return;
        }
        this.#fatal ??= reason instanceof NetworkError ? reason : error;
      },
    );
    return this.#probe;
  }
}

import { KINDS_AS_WORKED } from '../../contract/kinds.js';
import type { CsvRow } from '../read/csv-rows.js';
import type { ResourceName } from '../resources.js';
import { completeGuess, likelyHeader } from './guess.js';
import { chooseHeader, HEADER_SEARCH_ROWS, type HeaderChoice, type HeaderRules } from './header.js';
import { InputError } from '../errors.js';
import { presets, type Preset } from './presets.js';
import { tableLayout } from './table-layouts.js';

const KINDS: readonly ResourceName[] = KINDS_AS_WORKED;

/** The presets a header of a kind is recognised by: the person's saved layouts first, then Intake's. */
const presetsOf = (kind: ResourceName, saved: readonly Preset[]) =>
  [...saved, ...presets()].filter((preset) => preset.kind === kind);

/** What a sheet holds, as its first rows tell; `filledIn` where that is the person's to say (see below). */
export interface KindReading {
  kind: ResourceName | undefined;
  /** Its header is both an order download's and a dispatch sheet's, and some row has a tracking number. */
  filledIn: boolean;
}

/**
 * What a sheet's first rows hold, by its header: the kind whose columns (or a marketplace preset of
 * which) the header fits; else the kind Intake's guess of the header reads whole. A marketplace's order
 * download and its dispatch sheet share one layout: it holds orders while no row read has a tracking
 * number, and is the person's to say once some do. Undefined when nothing fits, or it cannot be told.
 */
export function kindOfRows(top: readonly CsvRow[], saved: readonly Preset[] = []): ResourceName | undefined {
  return readKind(top, saved).kind;
}

/** What a sheet's first rows hold (`kindOfRows`), and whether it is an order download filled in. */
export function readKind(top: readonly CsvRow[], saved: readonly Preset[] = []): KindReading {
  const fitting = new Map<ResourceName, HeaderChoice>();
  for (const kind of KINDS) {
    try {
      const rules = { layout: tableLayout(kind), columns: new Map(), candidates: presetsOf(kind, saved) };
      fitting.set(kind, chooseHeader(top, rules, ''));
    } catch {
      // Not this kind.
    }
  }
  if (fitting.size === 1) return { kind: [...fitting.keys()][0], filledIn: false };
  const shipment = fitting.get('shipment');
  if (fitting.size === 2 && fitting.has('order') && shipment) {
    return hasTracking(top, shipment.row, shipment.index.get('tracking_number') ?? [])
      ? { kind: undefined, filledIn: true }
      : { kind: 'order', filledIn: false };
  }
  return { kind: fitting.size === 0 ? guessedKind(top, saved) : undefined, filledIn: false };
}

/** Whether a row under the header (on `headerRow`) has a tracking number (at one of `positions`). */
function hasTracking(rows: readonly CsvRow[], headerRow: number, positions: readonly number[]): boolean {
  return rows.some(
    (row) => row.row > headerRow && positions.some((position) => (row.cells[position] ?? '').trim() !== ''),
  );
}

/**
 * The kind a header of its own names, when no layout or preset fits it: of the kinds whose required
 * columns Intake's guess of the header finds every one of (as the page would then offer to map them),
 * the one with the most columns found (an order download names a product's three columns too). One
 * that reads whole as orders and as shipments holds orders while no row has a tracking number, and is
 * the person's to say once some do.
 */
function guessedKind(top: readonly CsvRow[], saved: readonly Preset[]): ResourceName | undefined {
  const rows = top.slice(0, HEADER_SEARCH_ROWS);
  const complete = KINDS.flatMap((kind) => {
    const likely = likelyHeader(rows, kind, presetsOf(kind, saved));
    if (likely === undefined) return [];
    const whole = completeGuess(likely.header, kind, likely.guesses, true) !== undefined;
    return whole ? [{ kind, found: likely.guesses.size, likely }] : [];
  }).sort((a, b) => b.found - a.found);
  const shipment = complete.find((guess) => guess.kind === 'shipment')?.likely;
  if (shipment && complete.some((guess) => guess.kind === 'order')) {
    // Both, as a marketplace's order download and its dispatch sheet are: orders until some row is shipped.
    const tracking = shipment.guesses.get('tracking_number');
    return hasTracking(top, shipment.row, tracking === undefined ? [] : [tracking]) ? undefined : 'order';
  }
  const [best, next] = complete;
  return best && (next === undefined || best.found > next.found) ? best.kind : undefined;
}

/** Each kind as a hint names what a file holds. */
const HOLDS: Readonly<Record<ResourceName, string>> = {
  order: 'orders',
  product: 'products',
  shipment: 'shipments',
};

/**
 * A header that lacks this kind's columns but is another kind's (a dispatch sheet given to `intake
 * order create`), said first with the command that reads it; the error as it was otherwise, and when
 * the person named the columns (`--preset`, `--columns`) or the file must be of this kind (a catalog).
 */
export function withOtherKind(error: unknown, top: readonly CsvRow[], rules: HeaderRules): unknown {
  if (!(error instanceof InputError) || error.said?.code !== 'columns_missing') return error;
  if (rules.otherKinds === undefined || rules.kind === undefined) return error;
  if (rules.preset || rules.columns.size > 0) return error;
  const kind = kindOfRows(top, rules.otherKinds);
  if (kind === undefined || kind === rules.kind) return error;
  return new InputError(
    error.message,
    [`Its headers are those of ${HOLDS[kind]}: use intake ${kind} create instead.`, ...error.hints],
    { said: error.said },
  );
}

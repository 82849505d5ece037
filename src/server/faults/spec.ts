import { SERVICE_ENDPOINTS } from '../../contract/endpoints.js';
import { parseDuration } from '../../util/duration.js';

/** What a fault does to a request. */
export type FaultKind =
  '500' | '503' | '429' | 'latency' | 'stall' | 'drop-before-commit' | 'drop-after-commit';
export const FAULT_KINDS: readonly FaultKind[] = [
  '500',
  '503',
  '429',
  'latency',
  'stall',
  'drop-before-commit',
  'drop-after-commit',
];

/**
 * One rule of a fault spec: a kind, the share of matching requests it hits (0..1), and which requests
 * it matches (a method, a path prefix where `*` stands for one path segment).
 */
export interface FaultRule {
  kind: FaultKind;
  share: number;
  /** For 429 and 503, the Retry-After sent (seconds). */
  retryAfterSeconds?: number;
  /** For latency, how much is added before the answer: a range (ms), each request drawn in it. */
  latencyMs?: { min: number; max: number };
  method?: string;
  path?: string;
  /** Only requests about this record (an order's or a product's id, in the path or the body). */
  id?: string;
  /** Only the next this many requests the rule matches, then it is spent (`next=2`); every one of them. */
  next?: number;
}

/** A spec that cannot be read, with what is wrong in it. */
export class FaultSpecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FaultSpecError';
  }
}

const METHODS = new Set(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']);

function parseShare(text: string, rule: string): number {
  const share = Number(text.slice(0, -1)) / 100;
  if (!/^\d+(\.\d+)?%$/.test(text) || !(share >= 0 && share <= 1)) {
    throw new FaultSpecError(`"${rule}": the share "${text}" is not a percentage from 0% to 100%`);
  }
  return share;
}

function parseLatency(text: string, rule: string): { min: number; max: number } {
  const unit = /[a-z]+$/.exec(text)?.[0] ?? '';
  const [low = '', high] = text.slice(0, text.length - unit.length).split('-');
  const min = parseDuration(`${low}${unit}`);
  const max = high === undefined ? min : parseDuration(`${high}${unit}`);
  if (min === undefined || max === undefined || max < min) {
    throw new FaultSpecError(`"${rule}": "${text}" is not a latency such as 200ms or 50-200ms`);
  }
  return { min, max };
}

function parseTarget(text: string, rule: string): Pick<FaultRule, 'method' | 'path' | 'id'> {
  const words = text.trim().split(/\s+/);
  const id = words.at(-1)?.startsWith('@') ? (words.pop() as string).slice(1) : undefined;
  const [first, second, ...rest] = words;
  const method = first !== undefined && METHODS.has(first.toUpperCase()) ? first.toUpperCase() : undefined;
  const path = method === undefined ? first : second;
  if (id === '') throw new FaultSpecError(`"${rule}": after @ comes a record's id (@ORD-1)`);
  if (rest.length > 0 || (method === undefined && first !== undefined && !first.startsWith('/'))) {
    throw new FaultSpecError(
      `"${rule}": before = comes a method, a path, a record's @id, or some of them (POST /api/v1/orders/ @ORD-1)`,
    );
  }
  if (path !== undefined && !path.startsWith('/')) {
    throw new FaultSpecError(`"${rule}": the path "${path}" does not start with /`);
  }
  return { ...(method ? { method } : {}), ...(path ? { path } : {}), ...(id === undefined ? {} : { id }) };
}

function parseFault(text: string, rule: string): Omit<FaultRule, 'method' | 'path' | 'id'> {
  const [name = '', ...parts] = text.split(':').map((part) => part.trim());
  const kind = name as FaultKind;
  if (!FAULT_KINDS.includes(kind)) {
    throw new FaultSpecError(`"${rule}": "${name}" is not a fault; faults are ${FAULT_KINDS.join(', ')}`);
  }
  const parsed: Omit<FaultRule, 'method' | 'path' | 'id'> = { kind, share: 1 };
  for (const part of parts) {
    if (part.endsWith('%')) parsed.share = parseShare(part, rule);
    else if (part.startsWith('next=')) {
      const next = Number(part.slice('next='.length));
      if (!Number.isInteger(next) || next < 1 || next > 1_000_000)
        throw new FaultSpecError(`"${rule}": "${part}" is not like next=2 (a count from 1)`);
      parsed.next = next;
    } else if (kind === 'latency' && parsed.latencyMs === undefined)
      parsed.latencyMs = parseLatency(part, rule);
    else if ((kind === '429' || kind === '503') && part.startsWith('retry-after=')) {
      const seconds = parseDuration(part.slice('retry-after='.length));
      if (seconds === undefined) throw new FaultSpecError(`"${rule}": "${part}" is not like retry-after=5s`);
      parsed.retryAfterSeconds = Math.round(seconds / 1000);
    } else throw new FaultSpecError(`"${rule}": "${part}" means nothing to ${kind}`);
  }
  if (kind === 'latency' && parsed.latencyMs === undefined) {
    throw new FaultSpecError(`"${rule}": latency needs how much, as latency:200ms or latency:50-200ms`);
  }
  if ((kind === '429' || kind === '503') && parsed.retryAfterSeconds === undefined)
    parsed.retryAfterSeconds = 1;
  return parsed;
}

/**
 * Reads a fault spec: rules separated by commas, each `[[METHOD] [PATH] [@ID]=]KIND[:VALUE…]`, where the
 * values are a share (`10%`, default all), a latency (`200ms`, `50-200ms`), `retry-after=5s` (429 and
 * 503), or `next=N` (the next N matching requests, every one, then the rule is spent); `@ID` matches the
 * requests about one record (an order's or a product's id, in the path or the body).
 *
 *   503:10%                                  a tenth of requests answer 503 (Retry-After: 1)
 *   POST=429:20%:retry-after=5s              a fifth of POSTs answer 429 with Retry-After: 5
 *   latency:50-200ms                         every answer comes 50 to 200 ms late
 *   POST /api/v1/orders/=drop-after-commit:5%  a twentieth of orders are stored, then the connection drops
 *   stall:1%                                 one request in a hundred is never answered
 *   503:next=2                               the next two requests answer 503, then none
 *   POST @ORD-7=drop-after-commit:next=1     order ORD-7 is stored, and its first answer lost
 */
export function parseFaultSpec(spec: string): FaultRule[] {
  if (spec.trim() === '' || spec.trim() === 'none') return [];
  return spec.split(',').map((raw) => {
    const rule = raw.trim();
    const equals = rule.indexOf('=');
    // A target ends at the first `=`, unless that one is in the fault's values (retry-after=).
    const split = equals > 0 && !rule.slice(0, equals).includes(':') ? targetEnd(rule, equals) : -1;
    const target = split === -1 ? {} : parseTarget(rule.slice(0, split), rule);
    const parsed = { ...target, ...parseFault(rule.slice(split + 1), rule) };
    if (!reachesAnOperation(parsed)) {
      throw new FaultSpecError(
        `"${rule}" matches no operation of the service (faults touch ${OPERATIONS.map((operation) => `${operation.method} ${operation.path}`).join(', ')})`,
      );
    }
    return parsed;
  });
}

/** Where a rule's target ends: at its `=`, past an `@id` that may hold `=` signs itself (up to the kind). */
function targetEnd(rule: string, first: number): number {
  const at = rule.lastIndexOf('@', first);
  if (at === -1) return first;
  const kind = /=(500|503|429|latency|stall|drop-before-commit|drop-after-commit)(:|$)/.exec(rule.slice(at));
  return kind ? at + kind.index : first;
}

/** A rule's path as the paths it matches: a prefix, where `*` stands for one segment. */
export const segmentPattern = (path: string) =>
  new RegExp(`^${path.replace(/[.+?^$()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]+')}`);

/** The service's operations a fault can touch, their path parameters written as one segment. */
const OPERATIONS = Object.values(SERVICE_ENDPOINTS).map((endpoint) => ({
  method: endpoint.method,
  path: endpoint.path,
  sample: endpoint.path.replace(/\{[^}]+\}/g, 'x'),
}));

/** Whether a rule can ever match a request the service answers (a slip in its path would match none). */
function reachesAnOperation(rule: Pick<FaultRule, 'method' | 'path'>): boolean {
  const pattern = rule.path === undefined ? undefined : segmentPattern(rule.path);
  return OPERATIONS.some(
    (operation) =>
      (rule.method === undefined || rule.method === operation.method) &&
      (pattern === undefined || pattern.test(operation.sample)),
  );
}

const percent = (share: number) => `${Number((share * 100).toFixed(4))}%`;

/** Writes rules back as a spec (`parseFaultSpec` reads it to the same rules). */
export function formatFaultSpec(rules: readonly FaultRule[]): string {
  return rules
    .map((rule) => {
      const target = [rule.method, rule.path, rule.id === undefined ? undefined : `@${rule.id}`]
        .filter(Boolean)
        .join(' ');
      const latency = rule.latencyMs
        ? `:${rule.latencyMs.min === rule.latencyMs.max ? rule.latencyMs.min : `${rule.latencyMs.min}-${rule.latencyMs.max}`}ms`
        : '';
      const retry =
        rule.retryAfterSeconds !== undefined && rule.retryAfterSeconds !== 1
          ? `:retry-after=${rule.retryAfterSeconds}s`
          : '';
      const next = rule.next === undefined ? '' : `:next=${rule.next}`;
      return `${target ? `${target}=` : ''}${rule.kind}${latency}:${percent(rule.share)}${retry}${next}`;
    })
    .join(',');
}

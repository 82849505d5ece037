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

function parseTarget(text: string, rule: string): Pick<FaultRule, 'method' | 'path'> {
  const [first = '', second, ...rest] = text.trim().split(/\s+/);
  const method = METHODS.has(first.toUpperCase()) ? first.toUpperCase() : undefined;
  const path = method === undefined ? first : second;
  if (rest.length > 0 || (method === undefined && !first.startsWith('/'))) {
    throw new FaultSpecError(`"${rule}": before = comes a method, a path, or both (POST /api/v1/orders/)`);
  }
  if (path !== undefined && !path.startsWith('/')) {
    throw new FaultSpecError(`"${rule}": the path "${path}" does not start with /`);
  }
  return { ...(method ? { method } : {}), ...(path ? { path } : {}) };
}

function parseFault(text: string, rule: string): Omit<FaultRule, 'method' | 'path'> {
  const [name = '', ...parts] = text.split(':').map((part) => part.trim());
  const kind = name as FaultKind;
  if (!FAULT_KINDS.includes(kind)) {
    throw new FaultSpecError(`"${rule}": "${name}" is not a fault; faults are ${FAULT_KINDS.join(', ')}`);
  }
  const parsed: Omit<FaultRule, 'method' | 'path'> = { kind, share: 1 };
  for (const part of parts) {
    if (part.endsWith('%')) parsed.share = parseShare(part, rule);
    else if (kind === 'latency' && parsed.latencyMs === undefined)
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
 * Reads a fault spec: rules separated by commas, each `[[METHOD] [PATH]=]KIND[:VALUE…]`, where the values
 * are a share (`10%`, default all), a latency (`200ms`, `50-200ms`) or `retry-after=5s` (429 and 503).
 *
 *   503:10%                                  a tenth of requests answer 503 (Retry-After: 1)
 *   POST=429:20%:retry-after=5s              a fifth of POSTs answer 429 with Retry-After: 5
 *   latency:50-200ms                         every answer comes 50 to 200 ms late
 *   POST /api/v1/orders/=drop-after-commit:5%  a twentieth of orders are stored, then the connection drops
 *   stall:1%                                 one request in a hundred is never answered
 */
export function parseFaultSpec(spec: string): FaultRule[] {
  if (spec.trim() === '' || spec.trim() === 'none') return [];
  return spec.split(',').map((raw) => {
    const rule = raw.trim();
    const equals = rule.indexOf('=');
    // A target ends at the first `=`, unless that one is in the fault's values (retry-after=).
    const split = equals > 0 && !rule.slice(0, equals).includes(':') ? equals : -1;
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
      const target = [rule.method, rule.path].filter(Boolean).join(' ');
      const latency = rule.latencyMs
        ? `:${rule.latencyMs.min === rule.latencyMs.max ? rule.latencyMs.min : `${rule.latencyMs.min}-${rule.latencyMs.max}`}ms`
        : '';
      const retry =
        rule.retryAfterSeconds !== undefined && rule.retryAfterSeconds !== 1
          ? `:retry-after=${rule.retryAfterSeconds}s`
          : '';
      return `${target ? `${target}=` : ''}${rule.kind}${latency}:${percent(rule.share)}${retry}`;
    })
    .join(',');
}

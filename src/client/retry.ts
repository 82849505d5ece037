/** How often and how patiently to retry. */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** Wait before the first retry; doubles for each further retry. */
  baseDelayMs: number;
  /** Longest wait between attempts of our own choosing. */
  maxDelayMs: number;
  /** Longest wait a Retry-After may ask for (default `maxDelayMs`). */
  maxRetryAfterMs?: number;
  /** No retry starts later than this after the first attempt (default: no limit but `attempts`). */
  maxElapsedMs?: number;
  /**
   * Attempts in all for a request that gets no answer while the service has not yet answered the client
   * once (default `attempts`): a service that is not there is said at once, one that goes away later is
   * waited for.
   */
  attemptsUnanswered?: number;
}

/** A command's one request: a few quick attempts, so that a person is not kept waiting. */
export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 300, maxDelayMs: 10_000 };

/**
 * An upload's records: retried for a minute, so that a service restarted (or a gateway briefly down)
 * is ridden out within the same run; Retry-After honoured up to a minute. Until the service has
 * answered once, a record that gets no answer is tried four times, as a command's one request is: a
 * service that is not running (or a wrong address) is said within seconds, not after a minute.
 */
export const PATIENT_RETRY: RetryPolicy = {
  attempts: 64,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
  maxElapsedMs: 60_000,
  attemptsUnanswered: DEFAULT_RETRY.attempts,
};

/** The policy for a request that got no answer, given whether the service has answered the client before. */
export function whenUnanswered(policy: RetryPolicy, answeredBefore: boolean): RetryPolicy {
  const { attemptsUnanswered } = policy;
  if (answeredBefore || attemptsUnanswered === undefined || attemptsUnanswered >= policy.attempts)
    return policy;
  return { ...policy, attempts: attemptsUnanswered };
}

/** Statuses that say "try again later": rate limited, or a gateway or the service briefly unavailable. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504]);

const RETRYABLE_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CLOSED',
]);

/** Whether an error from the connection (not from the service) is worth another attempt. */
export function isRetryableError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE_CODES.has(code);
}

/** The seconds or HTTP date of a Retry-After header, in milliseconds from `now`. */
export function retryAfterMs(header: string | undefined, now = Date.now()): number | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** How much of what a Retry-After asked for the policy honours. */
export function honouredRetryAfterMs(policy: RetryPolicy, asked: number): number {
  return Math.min(asked, policy.maxRetryAfterMs ?? policy.maxDelayMs);
}

/**
 * The wait before retry number `retry` (1 for the first retry): exponential, with jitter so that many
 * clients do not come back at the same moment, and never shorter than what Retry-After asks for.
 */
export function backoffMs(
  policy: RetryPolicy,
  retry: number,
  retryAfter?: number,
  random = Math.random,
): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (Math.min(retry, 30) - 1));
  const jittered = exponential / 2 + random() * (exponential / 2);
  return Math.max(Math.min(policy.maxDelayMs, jittered), honouredRetryAfterMs(policy, retryAfter ?? 0));
}

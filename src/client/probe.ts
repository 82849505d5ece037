import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { ApiError, NetworkError, UnexpectedResponseError } from './errors.js';
import { describeNetworkError, NOT_SENT } from './network.js';
import {
  readCredentialCheck,
  readHealth,
  readQueueStatus,
  type CredentialCheck,
  type Health,
  type QueueStatus,
  type Reader,
} from './probe-answers.js';
import type { AttemptReport } from './http.js';
import {
  backoffMs,
  DEFAULT_RETRY,
  isRetryableError,
  RETRYABLE_STATUSES,
  retryAfterMs,
  type RetryPolicy,
} from './retry.js';
import { CREDENTIAL_CHECK_PATH, HEALTH_PATH, SHIPMENT_QUEUE_PATH } from '../contract/paths.js';

export interface ProbeOptions {
  baseUrl: string;
  authorization?: string | undefined;
  timeoutMs: number;
  userAgent: string;
  retry?: RetryPolicy;
  random?: () => number;
  onAttempt?: (report: AttemptReport) => void;
}

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  text: string;
}

/**
 * The service's one-shot checks (health, the credentials, the shipment queue) for a command that asks
 * one of them and ends: Node's own HTTP, no connection pool, no schema library, so that `intake health`
 * starts about as fast as Node does. The same retries as the full client (connection errors, 429 and
 * 502-504 with Retry-After), the same errors, the same `--verbose` lines.
 */
export class ServiceProbe {
  readonly baseUrl: string;
  readonly #options: ProbeOptions;
  #deadline = Number.POSITIVE_INFINITY;

  constructor(options: ProbeOptions) {
    this.#options = options;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  /** No retry starts later than `ms` from now (`queue status --max-wait`). */
  setDeadline(ms: number): void {
    this.#deadline = performance.now() + ms;
  }

  health(): Promise<Health> {
    return this.#get(HEALTH_PATH, readHealth);
  }

  checkCredentials(): Promise<CredentialCheck> {
    return this.#get(CREDENTIAL_CHECK_PATH, readCredentialCheck);
  }

  shipmentQueueStatus(): Promise<QueueStatus> {
    return this.#get(SHIPMENT_QUEUE_PATH, readQueueStatus);
  }

  #exchange(url: URL, headers: Record<string, string>): Promise<Answer> {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const outgoing = send(url, { method: 'GET', headers, timeout: this.#options.timeoutMs }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      });
      outgoing.on('timeout', () =>
        outgoing.destroy(Object.assign(new Error('timeout'), { code: 'UND_ERR_HEADERS_TIMEOUT' })),
      );
      outgoing.on('error', reject);
      outgoing.end();
    });
  }

  async #get<T>(path: string, read: Reader<T>): Promise<T> {
    const url = new URL(`${this.baseUrl}${path}`);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.#options.userAgent,
    };
    if (this.#options.authorization) headers.authorization = this.#options.authorization;
    const shown = { ...headers, ...(headers.authorization ? { authorization: 'Basic [redacted]' } : {}) };
    const policy = this.#options.retry ?? DEFAULT_RETRY;
    const random = this.#options.random ?? Math.random;
    const first = performance.now();
    for (let attempt = 1; ; attempt++) {
      const started = performance.now();
      const report = (extra: Partial<AttemptReport>) =>
        this.#options.onAttempt?.({
          method: 'GET',
          url: url.toString(),
          attempt,
          attempts: policy.attempts,
          headers: shown,
          ms: performance.now() - started,
          ...extra,
        });
      const mayRetry = (wait: number) => {
        const at = performance.now() + wait;
        return (
          attempt < policy.attempts && at - first <= (policy.maxElapsedMs ?? Infinity) && at <= this.#deadline
        );
      };
      let answer: Answer;
      try {
        answer = await this.#exchange(url, headers);
      } catch (error) {
        const reason = describeNetworkError(error, this.#options.timeoutMs);
        const wait = backoffMs(policy, attempt, undefined, random);
        const code = (error as { code?: string }).code;
        if (!isRetryableError(error) || !mayRetry(wait)) {
          report({ error: reason });
          throw new NetworkError(this.baseUrl, reason, {
            cause: error,
            attempts: attempt,
            elapsedMs: performance.now() - first,
            notSent: code !== undefined && NOT_SENT.has(code),
          });
        }
        report({ error: reason, retryInMs: wait });
        await new Promise((resolve) => setTimeout(resolve, wait));
        continue;
      }
      const header = answer.headers['retry-after'];
      const asked = retryAfterMs(Array.isArray(header) ? header[0] : header);
      const wait = backoffMs(policy, attempt, asked, random);
      if (RETRYABLE_STATUSES.has(answer.status) && mayRetry(wait)) {
        report({
          status: answer.status,
          retryInMs: wait,
          ...(asked === undefined ? {} : { retryAfterMs: asked }),
        });
        await new Promise((resolve) => setTimeout(resolve, wait));
        continue;
      }
      report({ status: answer.status, ...(asked === undefined ? {} : { retryAfterMs: asked }) });
      const body = parsed(answer.text);
      if (answer.status < 200 || answer.status >= 300) {
        throw new ApiError({
          status: answer.status,
          detail: detailOf(body),
          method: 'GET',
          url: url.toString(),
          attempts: attempt,
        });
      }
      const result = read(body);
      if (!result.ok) throw new UnexpectedResponseError(url.toString(), result.problem);
      return result.value;
    }
  }
}

function parsed(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return text;
  }
}

/** An error answer's `detail`, as text (a list of problems said in one line). */
function detailOf(body: unknown): string | undefined {
  const detail =
    body !== null && typeof body === 'object' ? (body as { detail?: unknown }).detail : undefined;
  if (typeof detail === 'string') return detail;
  if (detail !== undefined) return JSON.stringify(detail).slice(0, 500);
  return typeof body === 'string' && body !== '' ? body.slice(0, 500) : undefined;
}

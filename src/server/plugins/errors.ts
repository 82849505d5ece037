import { REQUEST_ID_HEADER } from './request-id.js';
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DETAILS, type ValidationIssue } from '../../contract/index.js';
import {
  Conflict,
  InvalidRequest,
  NotAuthenticated,
  NotFound,
  NotPermitted,
  NotPossible,
  ServiceError,
  TimedOut,
} from '../errors.js';
import { StorageUnavailable } from '../storage/engine.js';
import { lingerOnClose } from './linger.js';
import { clientErrorAnswers } from '../../util/raw-answer.js';

/** An answer that is not a success: status, `detail`, and headers that go with it. */
interface ErrorAnswer {
  status: number;
  detail: string | ValidationIssue[];
  headers?: Record<string, string>;
}

/** The HTTP answer for each of the service's own errors. */
function serviceAnswer(error: ServiceError): ErrorAnswer | undefined {
  if (error instanceof InvalidRequest) return { status: 422, detail: error.issues };
  if (error instanceof NotAuthenticated) {
    // A refused request is not read further: closing the connection spares reading its body.
    return {
      status: 401,
      detail: error.message,
      headers: {
        'www-authenticate': 'Basic',
        connection: 'close',
        ...(error.retryAfterSeconds === undefined ? {} : { 'retry-after': String(error.retryAfterSeconds) }),
      },
    };
  }
  if (error instanceof NotFound) return { status: 404, detail: error.message };
  if (error instanceof Conflict) return { status: 409, detail: error.message };
  if (error instanceof NotPossible) return { status: 400, detail: error.message };
  if (error instanceof NotPermitted) return { status: 403, detail: error.message };
  if (error instanceof TimedOut) return { status: 408, detail: error.message };
  return undefined;
}

/** The answer for any error: the service's own, then the framework's, worded in the spec's shape. */
function answerFor(error: unknown): ErrorAnswer | undefined {
  if (error instanceof ServiceError) return serviceAnswer(error);
  if (error instanceof StorageUnavailable) {
    return { status: 503, detail: DETAILS.unavailable, headers: { 'retry-after': '1' } };
  }
  const { code, statusCode } = error as Partial<FastifyError>;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return { status: 413, detail: DETAILS.bodyTooLarge };
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
    return { status: statusCode, detail: STATUS_CODES[statusCode] ?? 'Bad Request' };
  }
  return undefined;
}

function send(reply: FastifyReply, answer: ErrorAnswer) {
  return reply
    .code(answer.status)
    .headers(answer.headers ?? {})
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ detail: answer.detail }));
}

/** A route's path as a pattern: a `:name` parameter is any one path segment. */
function pathPattern(url: string): RegExp {
  const escaped = url.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&').replace(/:\w+/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

const otherSlashForm = (path: string) => (path.endsWith('/') ? path.slice(0, -1) : `${path}/`);

/** A route as the router has it: its method and its path (`:name` for a parameter). */
interface Served {
  method: string;
  url: string;
}

/** The paths served, each with its methods, as patterns of the path and of its other slash form. */
function knownPaths(routes: readonly Served[]) {
  const byPath = new Map<string, { pattern: RegExp; other: RegExp; methods: Set<string> }>();
  // A wildcard route (static files) serves every path under it: nothing to tell apart there.
  for (const route of routes.filter((served) => !served.url.includes('*'))) {
    const known = byPath.get(route.url) ?? {
      pattern: pathPattern(route.url),
      other: pathPattern(otherSlashForm(route.url)),
      methods: new Set<string>(),
    };
    known.methods.add(route.method);
    byPath.set(route.url, known);
  }
  return [...byPath.values()];
}

/**
 * What a request the router did not match gets, as a FastAPI service answers it: a path served with
 * another method is 405 with `Allow`; the other slash form of a served path is a 307 to the served one
 * (query kept); anything else is 404. Every route counts, from the endpoint table or not (`/metrics`).
 */
function unmatchedAnswers(routes: readonly Served[]) {
  let paths: ReturnType<typeof knownPaths> | undefined;
  return (request: FastifyRequest, reply: FastifyReply) => {
    // Routes are all added before the first request is served.
    paths ??= knownPaths(routes);
    const query = request.url.indexOf('?');
    const path = query === -1 ? request.url : request.url.slice(0, query);
    const exact = paths.find((known) => known.pattern.test(path));
    if (exact) {
      return send(reply, {
        status: 405,
        detail: DETAILS.methodNotAllowed,
        headers: { allow: [...exact.methods].join(', ') },
      });
    }
    if (paths.some((known) => known.other.test(path))) {
      return reply.redirect(otherSlashForm(path) + (query === -1 ? '' : request.url.slice(query)), 307);
    }
    return send(reply, { status: 404, detail: DETAILS.notFound });
  };
}

/**
 * A front end mounted on the service under its own path (the console), which answers in pages what is
 * refused before its routes run: its path, its page of no such address (in the language the browser
 * asks for), and its page of a request Node could not read.
 */
export interface PageRefusals {
  prefix: string;
  notFound(acceptLanguage: string | undefined): string;
  unreadable(): string;
}

/** Whether a path is under a front end's prefix. */
const under = (pages: PageRefusals | undefined, path: string): pages is PageRefusals =>
  pages !== undefined &&
  (path === pages.prefix || path.startsWith(`${pages.prefix}/`) || path.startsWith(`${pages.prefix}?`));

/**
 * Errors Fastify meets before routing (a path that cannot be decoded, a path parameter longer than
 * any id): the path is not one of the service's, so 404; under a front end's path (`pages()`, once it is
 * mounted), its page of no such address.
 */
export function frameworkErrorsWith(pages: () => PageRefusals | undefined) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // Refused before the hooks run: the answer still names its request.
    reply.header(REQUEST_ID_HEADER, request.id);
    const front = pages();
    if (under(front, request.url)) {
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(front.notFound(request.headers['accept-language']));
    }
    const status = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 404 : 500;
    return send(reply, { status, detail: status === 404 ? DETAILS.notFound : DETAILS.internal });
  };
}

/** The type of every answer of the service's: JSON, in UTF-8. */
export const JSON_TYPE = { 'Content-Type': 'application/json; charset=utf-8' } as const;

/**
 * Answers what Node refuses before Fastify sees a request in the spec's shape too (a front end's, where
 * the request line shows its path, as its page), and closes the connection.
 */
export function clientErrorsWith(pages: () => PageRefusals | undefined) {
  return clientErrorAnswers((status, target) => {
    const front = pages();
    return target !== undefined && under(front, target)
      ? {
          headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
          body: front.unreadable(),
        }
      : { headers: JSON_TYPE, body: JSON.stringify({ detail: STATUS_CODES[status] }) };
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a request no operation serves: 405 for a known path, 307 for its other slash form, else 404. */
    answerUnmatched(request: FastifyRequest, reply: FastifyReply): unknown;
  }
}

/** A path parameter that is empty (`PATCH /api/v1/orders/`): the path is not the operation's own. */
export function hasEmptyParameter(request: FastifyRequest): boolean {
  const params = request.params as Record<string, string> | undefined;
  return params !== undefined && Object.values(params).some((value) => value === '');
}

/**
 * The one place errors become answers: the service's errors by kind, the framework's in the spec's
 * shape (never its own bodies), anything unexpected as a 500 without internals, told to `onUnexpected`.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance, options: { onUnexpected: (error: unknown) => void }) => {
    const routes: Served[] = [];
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    });
    const unmatched = unmatchedAnswers(routes);
    app.setNotFoundHandler(unmatched);
    app.decorate('answerUnmatched', unmatched);
    app.setErrorHandler(async (error, request, reply) => {
      const answer = answerFor(error);
      if (answer?.status === 413) {
        // The rest of the body is not read as a request: the connection closes once it has arrived.
        lingerOnClose(request.raw.socket);
        return send(reply, { ...answer, headers: { ...answer.headers, connection: 'close' } });
      }
      if (answer) return send(reply, answer);
      options.onUnexpected(error);
      return send(reply, { status: 500, detail: DETAILS.internal });
    });
  },
  { name: 'intake-errors' },
);

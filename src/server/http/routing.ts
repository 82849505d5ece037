import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { Endpoint, HttpMethod } from '../../contract/index.js';
import type { MerchantDirectory } from '../merchants.js';
import type { MerchantRow } from '../storage/merchants.js';
import { HttpError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The merchant whose credentials the request carried (routes with `auth: 'required'`). */
    merchant: MerchantRow;
  }
}

export type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | unknown;

/** A served operation: where it lives (from the contract) and what answers it. */
export interface Route {
  endpoint: Pick<Endpoint, 'method' | 'path' | 'auth'>;
  handler: Handler;
}

const ALL_METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

const toFastifyPath = (template: string) => template.replace(/\{(\w+)\}/g, ':$1');

function otherSlashForm(path: string): string {
  return path.endsWith('/') ? path.slice(0, -1) : `${path}/`;
}

/**
 * Registers routes as FastAPI serves them: authentication before the body is read, 405 with `Allow` for
 * a known path and another method, and a 307 from the other slash form of a path to the canonical one.
 */
export function registerRoutes(
  app: FastifyInstance,
  routes: readonly Route[],
  merchants: MerchantDirectory,
): void {
  const authenticate = async (request: FastifyRequest) => {
    const result = merchants.authenticate(request.headers.authorization);
    if (!result.ok) throw new HttpError(401, result.detail, { 'www-authenticate': 'Basic' });
    request.merchant = result.merchant;
  };

  const byPath = new Map<string, Route[]>();
  for (const route of routes) {
    const list = byPath.get(route.endpoint.path) ?? [];
    list.push(route);
    byPath.set(route.endpoint.path, list);
  }

  for (const [path, pathRoutes] of byPath) {
    const url = toFastifyPath(path);
    const served = new Set<HttpMethod>(pathRoutes.map((route) => route.endpoint.method));
    for (const route of pathRoutes) {
      app.route({
        method: route.endpoint.method,
        url,
        ...(route.endpoint.auth === 'required' ? { onRequest: authenticate } : {}),
        handler: route.handler,
      });
    }
    const allow = [...served].join(', ');
    const others = ALL_METHODS.filter((method) => !served.has(method as HttpMethod));
    if (others.length > 0) {
      app.route({
        method: others,
        url,
        handler: async (_request, reply) =>
          reply.code(405).header('allow', allow).send({ detail: 'Method Not Allowed' }),
      });
    }
    app.route({
      method: ALL_METHODS,
      url: toFastifyPath(otherSlashForm(path)),
      handler: async (request, reply) => {
        const query = request.url.indexOf('?');
        const canonical = otherSlashForm(request.url.slice(0, query === -1 ? undefined : query));
        return reply.redirect(canonical + (query === -1 ? '' : request.url.slice(query)), 307);
      },
    });
  }
}

import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import type { Endpoint } from '../../contract/index.js';
import { NotAuthenticated } from '../errors.js';
import { hasEmptyParameter } from './errors.js';
import type { Authentication } from '../merchants.js';
import type { MerchantRow } from '../storage/merchants.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The merchant whose credentials the request carried (routes with `auth: 'required'`). */
    merchant: MerchantRow;
  }
  interface FastifyContextConfig {
    /** How the route treats `Authorization` (from the contract's endpoint table). */
    auth?: Endpoint['auth'];
  }
}

/**
 * Authentication, before anything else of the request is read: every route whose endpoint says
 * `auth: 'required'` gets a hook that checks the header and refuses with the spec's 401 text. The check
 * answers synchronously when it can (a pair verified before), so most requests pay no promise.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('merchant', null as unknown as MerchantRow);
    const authenticate = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      // Not this operation's path (an empty id): the route answers as for an unknown method, unread.
      if (hasEmptyParameter(request)) {
        done();
        return;
      }
      const settle = (result: Authentication) => {
        if (result.ok) {
          request.merchant = result.merchant;
          done();
        } else done(new NotAuthenticated(result.detail, result.retryAfterSeconds));
      };
      const result = app.service.merchants.authenticate(request.headers.authorization);
      if (result instanceof Promise) result.then(settle, done);
      else settle(result);
    };
    app.addHook('onRoute', (route) => {
      if (route.config?.auth !== 'required') return;
      const own = route.onRequest ?? [];
      route.onRequest = [authenticate, ...(Array.isArray(own) ? own : [own])];
    });
  },
  { name: 'intake-auth', dependencies: ['intake-service'] },
);

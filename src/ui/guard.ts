import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type {} from '@fastify/cookie';
import { readsOnly } from '../web/forms.js';
import { fromOwnPage } from '../web/origin.js';
import { SIGN_IN_DAYS, type UiAuth } from './auth.js';

/** The cookie a signed-in browser holds, scoped to the page's secret path. */
export const UI_COOKIE = 'intake_ui';

/** Why a request was refused, for the page that says so. */
export type Refusal = 'not_loopback' | 'host' | 'origin' | 'token' | 'signed_out' | 'path';

export interface GuardOptions {
  auth: UiAuth;
  /**
   * Where the pages' styles and scripts are served to any browser on this machine (the same for every
   * profile, holding nothing of one): the page that says why a request was refused is styled with them.
   */
  publicAssets: string;
  /** Says a refusal to the person, in their language. */
  refuse(request: FastifyRequest, reply: FastifyReply, why: Refusal): FastifyReply;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

const isLoopbackAddress = (address: string | undefined) =>
  address !== undefined &&
  (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

/**
 * The page's own address as the browser names it (`127.0.0.1:PORT` or `localhost:PORT`), or undefined
 * when the Host header names another host or port: a DNS-rebound name, a proxy, a typo.
 */
export function ownHost(request: FastifyRequest): string | undefined {
  const host = request.headers.host;
  if (host === undefined) return undefined;
  const match = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(host.toLowerCase());
  if (!match || !LOOPBACK_HOSTS.has(match[1] as string)) return undefined;
  return Number(match[2]) === request.socket.localPort ? host.toLowerCase() : undefined;
}

/** The address without its `token` parameter: where a browser that just signed in is sent. */
function withoutToken(url: string): string {
  const parsed = new URL(url, 'http://page');
  parsed.searchParams.delete('token');
  return `${parsed.pathname}${parsed.search}`;
}

/**
 * Guards a page that holds the profile's credentials. It answers loopback only, at its own address
 * only (no DNS rebinding), under its secret path only, and to a browser that is signed in: one that
 * opened a one-time token (then given an HttpOnly, SameSite=Strict cookie scoped to the secret path, so
 * that no other server on this machine is sent it), and it takes changes only from its own pages (no
 * cross-site form posts).
 */
export const guardPlugin = fp(
  async (app: FastifyInstance, options: GuardOptions) => {
    const { auth } = options;
    app.addHook('onRequest', async (request, reply) => {
      if (!isLoopbackAddress(request.socket.remoteAddress))
        return options.refuse(request, reply, 'not_loopback');
      const host = ownHost(request);
      if (host === undefined) return options.refuse(request, reply, 'host');
      const path = new URL(request.url, 'http://page').pathname;
      const safe = readsOnly(request.method);
      if (safe && path.startsWith(`${options.publicAssets}/`)) return undefined;
      if (!`${path}/`.startsWith(auth.base)) return options.refuse(request, reply, 'path');
      if (!safe && !fromOwnPage(request, host)) return options.refuse(request, reply, 'origin');
      const token = (request.query as Record<string, unknown> | undefined)?.token;
      if (typeof token === 'string') {
        if (!safe || !auth.takeToken(token)) return options.refuse(request, reply, 'token');
        reply.setCookie(UI_COOKIE, auth.signIn(), {
          httpOnly: true,
          sameSite: 'strict',
          path: auth.base,
          maxAge: SIGN_IN_DAYS * 86_400,
        });
        return reply.redirect(withoutToken(request.url), 303);
      }
      if (!auth.signedIn(request.cookies[UI_COOKIE])) return options.refuse(request, reply, 'signed_out');
      return undefined;
    });
  },
  { name: 'intake-ui-guard', dependencies: ['@fastify/cookie'] },
);

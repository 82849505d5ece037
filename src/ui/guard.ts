import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type {} from '@fastify/cookie';

/** The cookie a browser gets for the token in the first address: it signs that browser in. */
export const UI_COOKIE = 'intake_ui';

/** Why a request was refused, for the page that says so. */
export type Refusal = 'not_loopback' | 'host' | 'origin' | 'token' | 'signed_out';

export interface GuardOptions {
  /** The token in the address `intake ui` prints. */
  token: string;
  /** Says a refusal to the person, in their language. */
  refuse(request: FastifyRequest, reply: FastifyReply, why: Refusal): FastifyReply;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

const isLoopbackAddress = (address: string | undefined) =>
  address !== undefined &&
  (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

const digest = (text: string) => createHash('sha256').update(text).digest();
const sameSecret = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

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

/**
 * Whether a request that changes something comes from this page: its Origin is the page's own (a
 * browser sends it with every form post and script request); without one, the browser's
 * `Sec-Fetch-Site` must say same-origin. Anything else (another site's form, a script elsewhere) is
 * refused.
 */
function fromOwnPage(request: FastifyRequest, host: string): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return origin.toLowerCase() === `http://${host}`;
  return request.headers['sec-fetch-site'] === 'same-origin';
}

/** The address without its `token` parameter: where a browser that just signed in is sent. */
function withoutToken(url: string): string {
  const parsed = new URL(url, 'http://page');
  parsed.searchParams.delete('token');
  return `${parsed.pathname}${parsed.search}`;
}

/**
 * Guards a page that holds the profile's credentials: it answers loopback only, at its own address
 * only (no DNS rebinding), to the browser that opened the address with the token (which then gets an
 * HttpOnly, SameSite=Strict cookie in its place), and takes changes only from its own pages (no
 * cross-site form posts).
 */
export const guardPlugin = fp(
  async (app: FastifyInstance, options: GuardOptions) => {
    // A random value per run: the cookie is worth nothing once `intake ui` stops.
    const session = randomBytes(32).toString('base64url');
    app.addHook('onRequest', async (request, reply) => {
      if (!isLoopbackAddress(request.socket.remoteAddress))
        return options.refuse(request, reply, 'not_loopback');
      const host = ownHost(request);
      if (host === undefined) return options.refuse(request, reply, 'host');
      const safe = request.method === 'GET' || request.method === 'HEAD';
      if (!safe && !fromOwnPage(request, host)) return options.refuse(request, reply, 'origin');
      const token = (request.query as Record<string, unknown> | undefined)?.token;
      if (typeof token === 'string') {
        if (!sameSecret(token, options.token)) return options.refuse(request, reply, 'token');
        reply.setCookie(UI_COOKIE, session, { httpOnly: true, sameSite: 'strict', path: '/' });
        return reply.redirect(withoutToken(request.url), 303);
      }
      const cookie = request.cookies[UI_COOKIE];
      if (cookie === undefined || !sameSecret(cookie, session)) {
        return options.refuse(request, reply, 'signed_out');
      }
      return undefined;
    });
  },
  { name: 'intake-ui-guard', dependencies: ['@fastify/cookie'] },
);

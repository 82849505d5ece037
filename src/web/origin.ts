import type { FastifyRequest } from 'fastify';

/**
 * Whether a request that changes something comes from the front end's own pages: its `Origin` names
 * `host` (a browser sends it with every form post and script request); without one, the browser's
 * `Sec-Fetch-Site` must say same-origin. Another site's form or script is refused.
 */
export function fromOwnPage(request: FastifyRequest, host: string | undefined): boolean {
  if (host === undefined) return false;
  const origin = request.headers.origin;
  if (origin === undefined) return request.headers['sec-fetch-site'] === 'same-origin';
  try {
    return new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}

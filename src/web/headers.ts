import type { FastifyInstance } from 'fastify';

/**
 * What a page may load: its own styles and scripts only (no CDN), product images from anywhere (they
 * live on the merchant's servers), never framed, forms posted to itself only.
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; img-src 'self' data: https: http:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; form-action 'self'";

/**
 * The security headers of every answer of a front end, set before anything else runs so that refusals,
 * redirects and error pages carry them too.
 */
export function securityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('x-frame-options', 'DENY');
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-content-type-options', 'nosniff');
  });
}

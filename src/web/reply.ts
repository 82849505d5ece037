import type { FastifyReply } from 'fastify';

/** Answers with a page or a piece of one; never cached (pages show live state). */
export function sendHtml(reply: FastifyReply, body: string, status = 200): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
}

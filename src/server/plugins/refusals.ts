import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The `detail` of an error answer in a line: its text, or its first validation message. */
function detailOf(payload: unknown): string {
  if (typeof payload !== 'string') return '';
  try {
    const detail = (JSON.parse(payload) as { detail?: unknown }).detail;
    if (typeof detail === 'string') return detail;
    if (Array.isArray(detail)) {
      const first = detail[0] as { msg?: unknown; loc?: unknown } | undefined;
      return `${Array.isArray(first?.loc) ? first.loc.join('.') : ''}: ${String(first?.msg ?? '')}${detail.length > 1 ? ` (+${detail.length - 1})` : ''}`;
    }
  } catch {
    // Not JSON: nothing to say.
  }
  return '';
}

/** Tells a merchant, as a `refused` event, of each of its requests to the service that was answered 4xx. */
export const refusalsPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      const status = reply.statusCode;
      if (status < 400 || status >= 500 || !request.merchant || !request.url.startsWith('/api/'))
        return payload;
      app.service.events.emit(request.merchant.id, 'refused', {
        method: request.method,
        path: request.url.split('?')[0],
        status,
        detail: detailOf(payload),
      });
      return payload;
    });
  },
  { name: 'intake-refusals', dependencies: ['intake-service', 'intake-auth'] },
);

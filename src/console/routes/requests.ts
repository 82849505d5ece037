import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { isJournalStatus, JournalCountQuery } from '../../contract/local/index.js';
import { beforeNumber } from '../../server/local/browse.js';
import type { Service } from '../../server/service.js';
import { merchantOf, sendPage, textsOf } from '../render.js';
import { REQUEST_METHODS, requestsBody, type RequestsFilter } from '../views/requests.js';

/** The request journal, a page at a time, newest first, narrowed by method, path, status and record id. */
export async function requestRoutes(app: FastifyInstance, { service }: { service: Service }): Promise<void> {
  app.get<{ Querystring: Record<string, unknown> }>('/requests', async (request, reply) => {
    const t = textsOf(request);
    const before = oneText(request.query.before);
    const filter = requestsFilter(request.query);
    const merchantId = merchantOf(request);
    const from = beforeNumber(before);
    const journal = await service.journal.list(merchantId, {
      ...filter,
      limit: 50,
      ...(from === undefined ? {} : { before: from }),
    });
    const page = {
      rows: journal.results,
      total: await service.journal.count(merchantId, filter),
      next: journal.next_before === null ? undefined : String(journal.next_before),
    };
    return sendPage(request, reply, {
      title: t('requestsTitle'),
      current: 'requests',
      body: requestsBody(t, page, before, filter),
    });
  });
}

/** A field of the address as text; anything else (absent, not a text) is none. */
const oneText = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * The journal's filter from the page's address, each field read by the API's own query rules: a known
 * method, a path exactly as sent, a status of three digits (or 0, for requests never answered), a record's id. A field left empty or not understood narrows nothing
 * (the form shows what was taken).
 */
function requestsFilter(query: Record<string, unknown>): RequestsFilter {
  const field = <K extends 'method' | 'path' | 'status' | 'id'>(key: K) => {
    const given = oneText(query[key])?.trim();
    const read = given ? JournalCountQuery.shape[key].safeParse(given) : undefined;
    return read?.success ? (read.data as z.output<(typeof JournalCountQuery.shape)[K]>) : undefined;
  };
  const method = REQUEST_METHODS.find((name) => name === field('method'));
  const status = field('status');
  const path = field('path');
  const id = field('id');
  return {
    ...(method === undefined ? {} : { method }),
    ...(path === undefined ? {} : { path }),
    ...(status !== undefined && isJournalStatus(status) ? { status } : {}),
    ...(id === undefined ? {} : { id }),
  };
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import { langOf } from '../web/language.js';
import { pageAddress, type SeenAgain } from '../web/page-address.js';
import { sayCard } from '../web/error-pages.js';
import { readsOnly } from '../web/forms.js';
import { sendHtml } from '../web/reply.js';
import { consoleTexts, type ConsoleT } from './texts.js';
import { consolePage } from './views/layout.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The merchant signed in to the console. */
    consoleMerchant: string | null;
  }
}

/** A page of the console: its title, which entry of the navigation it is, its body. */
export interface ConsolePage {
  title: string;
  current: string;
  body: string;
  status?: number;
}

/** The console's texts in this request's language. */
export const textsOf = (request: FastifyRequest): ConsoleT => consoleTexts(langOf(request));

/** The merchant signed in (the console's door lets no other request reach a page that asks). */
export const merchantOf = (request: FastifyRequest) => request.consoleMerchant as string;

/**
 * Where a page that answers one of the console's forms is seen again by GET (the language switch goes
 * there); a form posted to its page's own path (faults, sign-in) needs no entry.
 */
const SEEN_AGAIN: SeenAgain = [
  [/(\/console\/orders\/[^/]+)\/reviews$/, '$1'],
  [/\/console\/(?:clock\/advance|queue\/apply)$/, '/console/conversations'],
  [/\/console\/faults\/clear$/, '/console/faults'],
  [/\/console\/sign-out$/, '/console/sign-in'],
];

/** Where the page answering this request is seen again by GET. */
const hereOf = (request: FastifyRequest) => pageAddress(request.method, request.url, SEEN_AGAIN);

/** Answers with a whole page of the console, in the person's language, for the merchant signed in. */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: ConsolePage): FastifyReply {
  const merchant = request.consoleMerchant ? { merchantId: request.consoleMerchant } : {};
  return sendHtml(
    reply,
    consolePage(langOf(request), { ...page, ...merchant, here: hereOf(request) }),
    page.status,
  );
}

/** A failure said in a card; on a page answering a form, with the way back to the form's page. */
export function failureCard(request: FastifyRequest, text: string): string {
  if (readsOnly(request.method)) return sayCard(text, { alert: true });
  return sayCard(text, {
    alert: true,
    link: { href: hereOf(request), label: textsOf(request)('backToPage') },
  });
}

/** After a form is posted, the page to see next (the browser gets it with GET: no form posted twice). */
export const seeOther = (reply: FastifyReply, path: string) => reply.redirect(`/console${path}`, 303);

import type { FastifyReply, FastifyRequest } from 'fastify';
import { langOf } from '../web/language.js';
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

/** Answers with a whole page of the console, in the person's language, for the merchant signed in. */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: ConsolePage): FastifyReply {
  const merchant = request.consoleMerchant ? { merchantId: request.consoleMerchant } : {};
  return sendHtml(reply, consolePage(langOf(request), { ...page, ...merchant }), page.status);
}

/** After a form is posted, the page to see next (the browser gets it with GET: no form posted twice). */
export const seeOther = (reply: FastifyReply, path: string) => reply.redirect(`/console${path}`, 303);

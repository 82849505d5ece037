import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { html } from 'ghtml';
import { readsOnly } from './forms.js';

/** A page as a front end answers it: its title, its body (HTML already escaped) and its status. */
export interface PageAnswer {
  title: string;
  body: string;
  status: number;
}

/** A card saying one thing; `alert` for a refusal or a failure (read out at once). */
export function sayCard(
  text: string,
  options: { alert?: boolean; link?: { href: string; label: string } } = {},
) {
  const said = options.alert ? html`<p class="error-box" role="alert">${text}</p>` : html`<p>${text}</p>`;
  const link = options.link ? html`<p><a href="${options.link.href}">${options.link.label}</a></p>` : '';
  return html`<section class="card">!${said}!${link}</section>`;
}

export interface ErrorPagesOptions {
  /** Answers with a whole page of the front end. */
  send(request: FastifyRequest, reply: FastifyReply, page: PageAnswer): FastifyReply;
  /** The page of an address nothing answers. */
  notFound(request: FastifyRequest): Omit<PageAnswer, 'status'>;
  /** The page of a failure, by its kind; never the framework's words (they may name files and internals). */
  failure(request: FastifyRequest, error: unknown, status: number): PageAnswer;
  /** Where failures of the front end itself (what it answers with a 5xx) go (a terminal, a log); never to the page. */
  onError?: (error: unknown) => void;
}

/** A front end's not-found and error pages, in its own frame and the person's language. */
export function errorPages(app: FastifyInstance, options: ErrorPagesOptions): void {
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    options.send(request, reply, { ...options.notFound(request), status: 404 });
  app.setNotFoundHandler(notFound);
  app.setErrorHandler((error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    // An address refused before any page (a folder of the assets, a path climbing out of them; a GET
    // sends no form): there is no such page.
    if (status < 500 && readsOnly(request.method)) return notFound(request, reply);
    const answer = options.failure(request, error, status);
    // Told only where the page says a failure of its own: a refusal it words (a 400) is not one.
    if (answer.status >= 500) options.onError?.(error);
    return options.send(request, reply, answer);
  });
}

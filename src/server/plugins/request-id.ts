import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header that names a request, on its answer (and, when the client gives one, on the request). */
export const REQUEST_ID_HEADER = 'x-request-id';

/** A request id a client may give: printable ASCII, no spaces, at most 200 characters. */
const GIVEN = /^[\x21-\x7e]{1,200}$/;

/** The id of a request: the client's own (`X-Request-Id`) when it is one we can echo, else a new one. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && GIVEN.test(given) ? given : randomUUID();
}

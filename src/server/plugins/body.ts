import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BODY_MAX_BYTES, readJson, type ValidationIssue } from '../../contract/index.js';
import { InvalidRequest } from '../errors.js';
import { isMarketplacePath } from '../marketplaces/paths.js';

/** Largest request body the service reads. */
export const BODY_LIMIT_BYTES = BODY_MAX_BYTES;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * What the parser gives for an empty body. Fastify hands validators `null` for a body it has none of,
 * which would read as the JSON text `null`; this marker lets the contract report a missing body instead.
 */
export const EMPTY_BODY: unique symbol = Symbol('empty body');
const JSON_TYPE = 'application/json';

function jsonInvalid(offset: number, error: string): InvalidRequest {
  const issue: ValidationIssue = {
    type: 'json_invalid',
    loc: ['body', String(offset)],
    msg: 'JSON decode error',
    input: {},
    ctx: { error },
  };
  return new InvalidRequest([issue]);
}

/** Decodes a request body as UTF-8 JSON, or says where and why it is not, as FastAPI does. */
export function parseJsonBody(raw: Buffer): unknown {
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    throw jsonInvalid(0, 'Invalid UTF-8 in the request body');
  }
  const read = readJson(text);
  if (!read.ok) throw jsonInvalid(read.offset, read.error);
  return read.value;
}

/** Where the console's pages are (`console/plugin.ts`): the one place forms are posted. */
export const CONSOLE_PREFIX = '/console';

/**
 * Every request body is read as JSON, whatever its `Content-Type` says (missing, empty or another type):
 * the header is set to JSON before Fastify picks a parser, so no body is ever refused with a 415, and an
 * empty body reaches the parser too, which marks it so the contract can report a missing body.
 */
export const bodyPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, _reply, done) => {
      // The console's pages post forms, read by their own parsers in their own context.
      // So do the marketplace fakes (forms and JSON as the real APIs take them).
      if (!request.url.startsWith(CONSOLE_PREFIX) && !isMarketplacePath(request.url))
        request.headers['content-type'] = JSON_TYPE;
      done();
    });
    app.removeAllContentTypeParsers();
    for (const type of [JSON_TYPE, '*']) {
      app.addContentTypeParser(
        type,
        { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES },
        (request, raw: Buffer, done) => {
          // A path no operation serves is answered (404, 405, 307) as such, whatever its body.
          if (request.is404) return done(null, undefined);
          if (raw.length === 0) return done(null, EMPTY_BODY);
          // Kept for the request journal (a reference: nothing is copied).
          request.rawBody = raw;
          try {
            done(null, parseJsonBody(raw));
          } catch (error) {
            done(error as Error, undefined);
          }
        },
      );
    }
  },
  { name: 'intake-body' },
);

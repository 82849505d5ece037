import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { check, readJson } from '../../contract/index.js';
import type { HttpError } from './errors.js';
import { unprocessable } from './errors.js';

/** Largest request body the service reads. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Takes every request body as raw bytes, whatever its content type, so that decoding and validation
 * happen in one place with FastAPI's error shapes (a body that is not JSON is a 422, not a 415).
 */
export function acceptRawBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES },
    (_request, body, done) => {
      done(null, body);
    },
  );
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function jsonInvalid(offset: number, error: string): HttpError {
  return unprocessable([
    {
      type: 'json_invalid',
      loc: ['body', String(offset)],
      msg: 'JSON decode error',
      input: {},
      ctx: { error },
    },
  ]);
}

/** Decodes a raw body as JSON and checks it against a contract schema; throws the matching 422. */
export function readBody<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  if (raw === undefined || raw === null || (Buffer.isBuffer(raw) && raw.length === 0)) {
    throw unprocessable([{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }]);
  }
  let text: string;
  try {
    text = utf8.decode(raw as Buffer);
  } catch {
    throw jsonInvalid(0, 'Invalid UTF-8 in the request body');
  }
  const read = readJson(text);
  if (!read.ok) throw jsonInvalid(read.offset, read.error);
  const checked = check(schema, read.value, ['body']);
  if (!checked.ok) throw unprocessable(checked.issues);
  return checked.value;
}

/** Checks a query string against a contract schema; throws the matching 422 (`loc` under `query`). */
export function readQuery<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  const checked = check(schema, query ?? {}, ['query']);
  if (!checked.ok) throw unprocessable(checked.issues);
  return checked.value;
}

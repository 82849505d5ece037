import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import {
  DETAILS,
  PATH_PARAMETER_MAX_LENGTH,
  answersOf,
  check,
  pathSchema,
  type Endpoint,
} from '../../contract/index.js';
import { InvalidRequest, NotFound } from '../errors.js';
import { EMPTY_BODY } from './body.js';
import { hasEmptyParameter } from './errors.js';

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** A route's handler, with the body and query typed as the contract's checks leave them. */
export type Handler<E extends Endpoint> = (
  request: FastifyRequest<{
    Body: Output<E['body']>;
    Querystring: Output<E['query']>;
    Params: Record<string, string>;
  }>,
  reply: FastifyReply,
) => Promise<unknown>;

/** A handler for each operation of a table. */
export type Handlers<T extends Record<string, Endpoint>> = { [K in keyof T]: Handler<T[K]> };

const toFastifyPath = (template: string) => template.replace(/\{(\w+)\}/g, ':$1');

/** Where each part of a request is reported in a 422 `loc`. */
const LOC_PREFIX: Record<string, string> = { body: 'body', querystring: 'query', params: 'path' };

/**
 * Checks a part of a request with the contract's own `check`, so 422 bodies are exactly the contract's.
 * A path parameter that no id could be (empty, blank, too long) means the path is not the service's: 404.
 */
function contractValidator({ schema, httpPart }: { schema: unknown; httpPart?: string }) {
  const part = httpPart ?? 'body';
  return (data: unknown) => {
    const value = data === EMPTY_BODY ? undefined : (data ?? (part === 'querystring' ? {} : data));
    const checked = check(schema as z.ZodType, value, [LOC_PREFIX[part] ?? part]);
    if (checked.ok) return { value: checked.value };
    if (part === 'params') return { error: new NotFound(DETAILS.notFound) };
    return { error: new InvalidRequest(checked.issues) };
  };
}

/** Successful answers are the contract's objects as they are: JSON, nothing added or left out. */
const serializeJson = () => (data: unknown) => JSON.stringify(data);

/**
 * Registers every operation of a table as a Fastify route: method and path from the table, the
 * contract's schemas for body, query, path and answers, the auth rule in the route's config, and the
 * handler of the same name. An operation without a handler, or a handler without an operation, is an
 * error at start-up, so the table and the routes cannot drift apart.
 */
export const contractPlugin = fp(
  async <T extends Record<string, Endpoint>>(
    app: FastifyInstance,
    options: { endpoints: T; handlers: Handlers<T> },
  ) => {
    const registered: RegisteredOperation[] = [];
    app.decorate('operations', registered);
    app.setValidatorCompiler(contractValidator);
    app.setSerializerCompiler(serializeJson);
    const extra = Object.keys(options.handlers).filter((name) => !(name in options.endpoints));
    if (extra.length > 0) throw new Error(`handlers without an endpoint: ${extra.join(', ')}`);
    for (const [name, endpoint] of Object.entries(options.endpoints)) {
      const handler = options.handlers[name as keyof T];
      if (!handler) throw new Error(`endpoint ${name} has no handler`);
      const params = pathSchema(endpoint.path);
      const response = Object.fromEntries(
        Object.entries(answersOf(endpoint)).flatMap(([status, answer]) =>
          answer.schema && Number(status) < 300 ? [[status, answer.schema]] : [],
        ),
      );
      const operation: RegisteredOperation = {
        name,
        method: endpoint.method,
        url: toFastifyPath(endpoint.path),
        auth: endpoint.auth,
        schema: {
          ...(endpoint.body ? { body: endpoint.body } : {}),
          ...(endpoint.query ? { querystring: endpoint.query } : {}),
          ...(params ? { params } : {}),
          response,
        },
      };
      registered.push(operation);
      app.route({
        method: operation.method,
        url: operation.url,
        config: { auth: endpoint.auth, operation: name },
        schema: operation.schema,
        // The router lets `/api/v1/orders/` stand for `/api/v1/orders/{id}` with an empty id: it is the
        // other operation's path, answered as any request to a path with another method (405).
        ...(params
          ? {
              onRequest: (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
                if (hasEmptyParameter(request)) void app.answerUnmatched(request, reply);
                else done();
              },
            }
          : {}),
        handler: handler as Handler<Endpoint>,
      });
    }
  },
  { name: 'intake-contract', dependencies: ['intake-auth'] },
);

/** A route as registered from the table: what it checks and what it answers. */
export interface RegisteredOperation {
  name: string;
  method: string;
  url: string;
  auth: Endpoint['auth'];
  schema: {
    body?: z.ZodType;
    querystring?: z.ZodType;
    params?: z.ZodType;
    response: Record<string, z.ZodType>;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The operations registered from the contract's table, in order. */
    operations: readonly RegisteredOperation[];
  }
  interface FastifyContextConfig {
    /** The name of the operation in the contract's table. */
    operation?: string;
  }
}

/** A path parameter is at most this long once decoded; the router is told a generous encoded length. */
export const MAX_ENCODED_PARAM_LENGTH = PATH_PARAMETER_MAX_LENGTH * 12;

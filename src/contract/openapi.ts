import { z } from 'zod';
import { AUTH_DETAILS } from './auth.js';
import type { Endpoint } from './endpoints.js';
import { SERVICE_ENDPOINTS } from './endpoints.js';
import { LOCAL_ENDPOINTS } from './local.js';
import { ErrorBody } from './responses.js';
import { ValidationErrorBody } from './validation.js';

type JsonObject = Record<string, unknown>;

const ERROR_TEXTS: Record<number, string> = {
  400: 'The request is not possible as asked (rewards: start_date later than end_date).',
  404: 'No such order or product.',
  409: 'The id is already known (applied or still queued).',
  413: 'The body is over 1 MiB.',
  422: 'The body or query does not match the contract.',
};

const TAGS = [
  {
    name: 'Orders',
    description: 'Orders with their buyer, items and products. Creates are queued and applied later.',
  },
  { name: 'Shipments', description: 'Tracking numbers for order items.' },
  { name: 'Products', description: 'Names and images the bot shows; refreshed weekly from orders.' },
  { name: 'Rewards', description: "Points earned by buyers' reviews." },
  { name: 'Utilities', description: 'Credentials, health and the shipment queue.' },
  {
    name: 'Local',
    description: 'Only in `intake serve`: inspect what is stored, the bot, reviews, the clock.',
  },
];

/** The id a named contract schema carries in its metadata. */
function idOf(schema: z.ZodType): string {
  const meta = z.globalRegistry.get(schema) as { id?: string } | undefined;
  if (!meta?.id) throw new Error('every schema of an endpoint needs a .meta({ id })');
  return meta.id;
}

const ref = (schema: z.ZodType) => ({ $ref: `#/components/schemas/${idOf(schema)}` });

function parameters(endpoint: Endpoint): JsonObject[] {
  const list: JsonObject[] = [];
  for (const [, name] of endpoint.path.matchAll(/\{(\w+)\}/g)) {
    list.push({ name, in: 'path', required: true, schema: { type: 'string', minLength: 1, maxLength: 255 } });
  }
  if (endpoint.query instanceof z.ZodObject) {
    for (const [name, field] of Object.entries(endpoint.query.shape as Record<string, z.ZodType>)) {
      const schema = z.toJSONSchema(field, { io: 'input', unrepresentable: 'any' }) as JsonObject;
      delete schema.$schema;
      list.push({ name, in: 'query', required: !field.safeParse(undefined).success, schema });
    }
  }
  return list;
}

function responses(endpoint: Endpoint): JsonObject {
  const answers: JsonObject = {
    [endpoint.success.status]: endpoint.success.schema
      ? {
          description: endpoint.success.description,
          content: { 'application/json': { schema: ref(endpoint.success.schema) } },
        }
      : { description: endpoint.success.description },
  };
  if (endpoint.auth === 'required') {
    answers[401] = {
      description: 'The Authorization header is missing or refused; `detail` is one of four texts.',
      content: {
        'application/json': {
          schema: ref(ErrorBody),
          examples: Object.fromEntries(
            Object.entries(AUTH_DETAILS).map(([name, detail]) => [name, { value: { detail } }]),
          ),
        },
      },
    };
  }
  for (const status of endpoint.errors) {
    answers[status] = {
      description: ERROR_TEXTS[status] ?? 'Error.',
      content: { 'application/json': { schema: ref(status === 422 ? ValidationErrorBody : ErrorBody) } },
    };
  }
  return answers;
}

function operation(name: string, endpoint: Endpoint): JsonObject {
  const security =
    endpoint.auth === 'required'
      ? [{ basicAuth: [] }]
      : endpoint.auth === 'checked'
        ? [{ basicAuth: [] }, {}]
        : [];
  return {
    operationId: name,
    summary: endpoint.summary,
    tags: [endpoint.tag],
    security,
    ...(parameters(endpoint).length > 0 ? { parameters: parameters(endpoint) } : {}),
    ...(endpoint.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: ref(endpoint.body) } } } }
      : {}),
    responses: responses(endpoint),
  };
}

/** Every operation the document describes, by operationId. */
export const DOCUMENTED_ENDPOINTS: Record<string, Endpoint> = { ...SERVICE_ENDPOINTS, ...LOCAL_ENDPOINTS };

/**
 * The OpenAPI 3.1 document of the service and of the local operations, generated from the contract: the
 * named zod schemas become components (with their examples), the endpoint tables become paths.
 */
export function openApiDocument(version: string): JsonObject {
  const { schemas } = z.toJSONSchema(z.globalRegistry, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, JsonObject> };
  for (const schema of Object.values(schemas)) {
    delete schema.$schema;
    delete schema.$id;
  }
  const paths: Record<string, JsonObject> = {};
  for (const [name, endpoint] of Object.entries(DOCUMENTED_ENDPOINTS)) {
    const path = (paths[endpoint.path] ??= {});
    path[endpoint.method.toLowerCase()] = operation(name, endpoint);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Order, product and shipment intake service',
      version,
      description:
        'Merchants push orders, products and shipment tracking numbers; a messaging bot writes to each buyer ' +
        'and reviews earn rewards. Creates answer 202 and are applied later. Served by `intake serve`, which ' +
        'adds the operations tagged Local.',
    },
    tags: TAGS,
    paths,
    components: {
      schemas,
      securitySchemes: {
        basicAuth: {
          type: 'http',
          scheme: 'basic',
          description: 'Base64 of access_key_id:secret_access_key',
        },
      },
    },
  };
}

import { z } from 'zod';
import { BUILT_IN_CARRIERS, SELF_DELIVERY, type Carrier } from './carriers.js';
import { answersOf, pathSchema, serviceEndpoints, type Endpoint } from './endpoints.js';
import { LOCAL_ENDPOINTS } from './local/index.js';
import { FAKE_ENDPOINTS } from './marketplace-fakes.js';

type JsonObject = Record<string, unknown>;

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

/** Every operation of `intake serve` for a set of carriers: the service's nine and the local ones. */
export function documentedEndpoints(
  carriers: readonly Carrier[] = BUILT_IN_CARRIERS,
): Record<string, Endpoint> {
  return { ...serviceEndpoints(carriers), ...LOCAL_ENDPOINTS, ...FAKE_ENDPOINTS };
}

const idOf = (schema: z.ZodType): string | undefined =>
  (z.globalRegistry.get(schema) as { id?: string } | undefined)?.id;

const isSchema = (value: unknown): value is z.ZodType =>
  value !== null && typeof value === 'object' && '_zod' in value;

/** Visits `schema` and every schema inside it (object fields, array elements, wrapped and piped types). */
function walk(schema: z.ZodType, visit: (schema: z.ZodType) => void, seen = new Set<z.ZodType>()): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  visit(schema);
  const def = schema._zod.def as unknown as Record<string, unknown>;
  for (const value of Object.values(def)) {
    const candidates = isSchema(value)
      ? [value]
      : Array.isArray(value)
        ? value
        : value !== null && typeof value === 'object'
          ? Object.values(value)
          : [];
    for (const candidate of candidates) if (isSchema(candidate)) walk(candidate, visit, seen);
  }
}

/**
 * The schemas an operation's document uses: the body, each query and path parameter (a query is given
 * as parameters, never as one schema), and the body of each answer.
 */
export function schemasOf(endpoint: Endpoint): z.ZodType[] {
  const parameters = [endpoint.query, pathSchema(endpoint.path)].flatMap((schema) =>
    schema instanceof z.ZodObject ? (Object.values(schema.shape) as z.ZodType[]) : [],
  );
  return [
    ...(endpoint.body ? [endpoint.body] : []),
    ...parameters,
    ...Object.values(answersOf(endpoint)).flatMap((answer) => (answer.schema ? [answer.schema] : [])),
  ];
}

/** The named schemas the operations reach, in a registry of their own: the document's components. */
function componentRegistry(endpoints: readonly Endpoint[]) {
  const registry = z.registry<{ id: string }>();
  const byId = new Map<string, z.ZodType>();
  for (const endpoint of endpoints) {
    for (const root of schemasOf(endpoint)) {
      walk(root, (schema) => {
        const id = idOf(schema);
        if (id === undefined) return;
        const known = byId.get(id);
        if (known === schema) return;
        if (known) throw new Error(`two different schemas are named ${id}`);
        byId.set(id, schema);
        registry.add(schema, { id });
      });
    }
  }
  return registry;
}

/** A schema as JSON Schema that points at the components for named parts. */
function jsonSchema(schema: z.ZodType, components: Record<string, JsonObject>): JsonObject {
  const id = idOf(schema);
  if (id !== undefined && components[id]) return { $ref: `#/components/schemas/${id}` };
  const converted = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
  }) as JsonObject;
  delete converted.$schema;
  return converted;
}

function parameters(endpoint: Endpoint, components: Record<string, JsonObject>): JsonObject[] {
  const list: JsonObject[] = [];
  const path = pathSchema(endpoint.path);
  for (const [source, schema] of [
    ['path', path],
    ['query', endpoint.query],
  ] as const) {
    if (!(schema instanceof z.ZodObject)) continue;
    for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      list.push({
        name,
        in: source,
        required: !field.safeParse(undefined).success,
        schema: jsonSchema(field, components),
      });
    }
  }
  return list;
}

function responses(endpoint: Endpoint, components: Record<string, JsonObject>): JsonObject {
  return Object.fromEntries(
    Object.entries(answersOf(endpoint)).map(([status, answer]) => [
      status,
      {
        description: answer.description,
        ...(answer.headers
          ? {
              headers: Object.fromEntries(
                Object.entries(answer.headers).map(([name, description]) => [
                  name,
                  { description, schema: { type: 'string' } },
                ]),
              ),
            }
          : {}),
        ...(answer.schema
          ? { content: { 'application/json': { schema: jsonSchema(answer.schema, components) } } }
          : {}),
      },
    ]),
  );
}

function operation(name: string, endpoint: Endpoint, components: Record<string, JsonObject>): JsonObject {
  const security =
    endpoint.auth === 'required'
      ? [{ basicAuth: [] }]
      : endpoint.auth === 'checked'
        ? [{ basicAuth: [] }, {}]
        : [];
  const params = parameters(endpoint, components);
  const access =
    endpoint.auth === 'required'
      ? 'Needs the Authorization header (Basic, access key id and secret).'
      : endpoint.auth === 'checked'
        ? 'Answers 200 whatever the Authorization header, saying whether it is valid.'
        : 'No credentials needed.';
  return {
    operationId: name,
    summary: endpoint.summary,
    description: `${endpoint.summary}. ${access}`,
    tags: [endpoint.tag],
    security,
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            description: 'Read as JSON whatever its Content-Type; at most 1 MiB.',
            content: { 'application/json': { schema: jsonSchema(endpoint.body, components) } },
          },
        }
      : {}),
    responses: responses(endpoint, components),
  };
}

/**
 * The shipment body as two shapes, one of which a body must be: a delivery by the merchant itself
 * (`company_code` and `tracking_number` both `self`), or by a carrier of the list (any tracking number).
 * JSON Schema's `if`/`then` says the same, but generated clients drop it; a `oneOf` of two shapes they
 * keep, so a self shipment with another tracking number does not type-check.
 */
function shipmentShapes(body: JsonObject, carriers: readonly Carrier[]): Record<string, JsonObject> {
  const {
    if: _if,
    then: _then,
    properties,
    examples,
    ...rest
  } = body as JsonObject & {
    properties: Record<string, JsonObject>;
    examples?: unknown[];
  };
  const others = carriers.map((carrier) => carrier.code).filter((code) => code !== SELF_DELIVERY);
  const shape = (title: string, description: string, fields: Record<string, JsonObject>): JsonObject => ({
    ...rest,
    title,
    description,
    properties: { ...properties, ...fields },
  });
  return {
    ShipmentCreateBody: {
      description: 'A shipment of order items: by the merchant itself, or by a carrier of the list.',
      oneOf: [
        { $ref: '#/components/schemas/SelfShipment' },
        { $ref: '#/components/schemas/CarrierShipment' },
      ],
      ...(examples ? { examples } : {}),
    },
    SelfShipment: shape('SelfShipment', 'Delivered by the merchant itself: both fields are `self`.', {
      company_code: { type: 'string', const: SELF_DELIVERY },
      tracking_number: { type: 'string', const: SELF_DELIVERY },
    }),
    CarrierShipment: shape('CarrierShipment', "Delivered by a carrier of the service's list.", {
      company_code: { type: 'string', enum: others },
    }),
  };
}

/** What the document says once of the answers to requests no operation serves. */
const UNMATCHED =
  'A path of the service asked for with another method answers 405 {"detail": "Method Not Allowed"} with ' +
  '`Allow`; the other form of its trailing slash answers 307 to the canonical path; any other path ' +
  'answers 404 {"detail": "Not Found"}.';

/**
 * The OpenAPI 3.1 document of the service and of the local operations, generated from the endpoint table
 * for the configured carriers: the named schemas the operations reach become components (with their
 * examples and the rules the service enforces), the table becomes paths. `server` is the address the
 * service listens on, when known.
 */
export function openApiDocument(options: {
  version: string;
  carriers?: readonly Carrier[];
  server?: string;
}): JsonObject {
  const endpoints = documentedEndpoints(options.carriers);
  const { schemas } = z.toJSONSchema(componentRegistry(Object.values(endpoints)), {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, JsonObject> };
  for (const schema of Object.values(schemas)) {
    delete schema.$schema;
    delete schema.$id;
  }
  const shipment = schemas.ShipmentCreateBody;
  if (shipment) Object.assign(schemas, shipmentShapes(shipment, options.carriers ?? BUILT_IN_CARRIERS));
  const paths: Record<string, JsonObject> = {};
  for (const [name, endpoint] of Object.entries(endpoints)) {
    const path = (paths[endpoint.path] ??= {});
    path[endpoint.method.toLowerCase()] = operation(name, endpoint, schemas);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Order, product and shipment intake service',
      version: options.version,
      contact: { name: 'Intake (intake serve)' },
      license: { name: 'MIT', identifier: 'MIT' },
      description:
        'Merchants push orders, products and shipment tracking numbers; a messaging bot writes to each buyer ' +
        'and reviews earn rewards. Creates answer 202 and are applied later. Served by `intake serve`, which ' +
        'adds the operations tagged Local. Every answer that is not a success has a JSON body {"detail": ...}. ' +
        UNMATCHED,
    },
    ...(options.server ? { servers: [{ url: options.server, description: 'This intake serve' }] } : {}),
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

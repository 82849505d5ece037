import type { FastifyInstance } from 'fastify';

/**
 * The OpenAPI document at `/openapi.json` and a readable page at `/docs` (Swagger UI, whose files are
 * served from the package itself, so the page works with no internet access). No credentials needed.
 */
export async function docsRoutes(app: FastifyInstance, options: { document: Record<string, unknown> }) {
  const { document } = options;
  // The document names the address the service listens on, known once it listens.
  app.get('/openapi.json', async (request) => ({
    ...document,
    servers: [{ url: listeningAddress(app, request.host), description: 'This intake serve' }],
  }));
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    transformStaticCSP: ownSourcesOnly,
    uiConfig: { docExpansion: 'list', deepLinking: true, tryItOutEnabled: true },
  });
}

/**
 * The page's security policy, with nothing but this service as a source: Swagger UI's own allows any
 * https: host and its validator's, and asks for its requests to go over https, which breaks the page
 * wherever the service is reached by plain http at an address other than loopback (a container, a
 * shared sandbox).
 */
function ownSourcesOnly(policy: string): string {
  return policy
    .replace(/\s*upgrade-insecure-requests;?/, '')
    .replace(/ (?:https:|validator\.swagger\.io)(?=[\s;])/g, '')
    .trim();
}

/** The service's own address: where it listens, or the address asked for when it listens on every one. */
function listeningAddress(app: FastifyInstance, host: string): string {
  const address = app.server.address();
  if (
    address === null ||
    typeof address === 'string' ||
    address.address === '0.0.0.0' ||
    address.address === '::'
  ) {
    return `http://${host}`;
  }
  const name = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${name}:${address.port}`;
}

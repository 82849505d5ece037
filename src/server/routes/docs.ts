import type { FastifyInstance } from 'fastify';

/**
 * The OpenAPI document at `/openapi.json` and a readable page at `/docs` (Swagger UI, whose files are
 * served from the package itself, so the page works with no internet access). No credentials needed.
 */
export async function docsRoutes(app: FastifyInstance, options: { document: Record<string, unknown> }) {
  const { document } = options;
  app.get('/openapi.json', async () => document);
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: true, tryItOutEnabled: true },
  });
}

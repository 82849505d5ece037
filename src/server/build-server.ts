import { createServer, STATUS_CODES } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { FAKE_ENDPOINTS, LOCAL_ENDPOINTS, serviceEndpoints } from '../contract/index.js';
import { openApiDocument } from '../contract/openapi.js';
import { VERSION } from '../util/version.js';
import { authPlugin } from './plugins/auth.js';
import { faultsPlugin } from './plugins/faults.js';
import { journalPlugin } from './plugins/journal.js';
import { metricsPlugin } from './plugins/metrics.js';
import { requestIdOf, REQUEST_ID_HEADER } from './plugins/request-id.js';
import { refusalsPlugin } from './plugins/refusals.js';
import { BODY_LIMIT_BYTES, CONSOLE_PREFIX, bodyPlugin } from './plugins/body.js';
import { MAX_ENCODED_PARAM_LENGTH, contractPlugin } from './plugins/contract.js';
import {
  JSON_TYPE,
  clientErrorsWith,
  errorsPlugin,
  frameworkErrorsWith,
  type PageRefusals,
} from './plugins/errors.js';
import { requestLogPlugin, type RequestLog } from './plugins/request-log.js';
import { servicePlugin } from './plugins/service.js';
import { refuseTunnels } from '../util/raw-answer.js';
import { docsRoutes } from './routes/docs.js';
import { localHandlers } from './routes/local.js';
import { marketplaceFakeHandlers } from './routes/marketplace-fakes.js';
import { marketplaceFakes } from './marketplaces/plugin.js';
import { orderHandlers } from './routes/orders.js';
import { productHandlers } from './routes/products.js';
import { rewardHandlers } from './routes/rewards.js';
import { shipmentHandlers } from './routes/shipments.js';
import { utilityHandlers } from './routes/utilities.js';
import type { ServedEndpoints } from './routes/types.js';
import { BUILT_IN_CARRIERS } from '../contract/carriers.js';
import type { ServiceOptions } from './service.js';

export interface BuildServerOptions extends ServiceOptions {
  /** Where the one-line-per-request log goes; default nowhere. */
  requestLog?: RequestLog;
  /** Serve `/openapi.json` and `/docs` (default true). */
  docs?: boolean;
  /** Serve the console under `/console` (default true). */
  console?: boolean;
  /** How long a request may take to arrive, headers and body; a stalled one is dropped. Default 30 s. */
  requestTimeoutMs?: number;
}

/**
 * Builds the local service without listening: tests call `inject` or `listen({ port: 0 })`, and
 * `intake serve` listens on its port. The service, auth, body reading and error answers are plugins; the
 * routes come from the contract's endpoint table. Closing the app stops the worker and closes the database.
 */
export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  // The console's pages for what is refused before its routes: known once it is mounted.
  const mounted: { pages?: PageRefusals } = {};
  const app = Fastify({
    logger: false,
    // Every answer names its request: the id the client gave (X-Request-Id), or one made here.
    genReqId: requestIdOf,
    // Opening the database and loading a seed take as long as they take: no plugin timeout.
    pluginTimeout: 0,
    bodyLimit: BODY_LIMIT_BYTES,
    exposeHeadRoutes: false,
    routerOptions: { maxParamLength: MAX_ENCODED_PARAM_LENGTH },
    frameworkErrors: frameworkErrorsWith(() => mounted.pages),
    clientErrorHandler: clientErrorsWith(() => mounted.pages),
    serverFactory: (handler) => {
      const server = createServer(
        {
          requestTimeout,
          headersTimeout: Math.min(requestTimeout, 60_000),
          // How often Node looks for requests past their time; its default (30 s) is too coarse.
          connectionsCheckingInterval: Math.max(100, Math.min(5_000, requestTimeout / 4)),
        },
        handler,
      );
      // A client that half-closes after its request (it has nothing more to send) still gets its answer:
      // Node would otherwise end the connection at once and drop the answer being prepared.
      (server as unknown as { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
      refuseTunnels(server, {
        status: 405,
        headers: (request) => ({ ...JSON_TYPE, [REQUEST_ID_HEADER]: requestIdOf(request) }),
        body: JSON.stringify({ detail: STATUS_CODES[405] }),
      });
      return server;
    },
  });
  try {
    await registerPlugins(app, options, mounted);
  } catch (error) {
    await app.close().catch(() => {});
    throw error;
  }
  return app;
}

async function registerPlugins(
  app: FastifyInstance,
  options: BuildServerOptions,
  mounted: { pages?: PageRefusals },
): Promise<void> {
  const endpoints: ServedEndpoints = {
    ...serviceEndpoints(options.carriers ?? BUILT_IN_CARRIERS),
    ...LOCAL_ENDPOINTS,
    ...FAKE_ENDPOINTS,
  };
  const onUnexpected = options.onError ?? (() => {});
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  await app.register(servicePlugin, options);
  await app.register(errorsPlugin, { onUnexpected });
  if (options.requestLog) await app.register(requestLogPlugin, { log: options.requestLog });
  // Faults come first: they act before anything of the request is read or checked.
  await app.register(faultsPlugin, { ...(options.requestLog ? { log: options.requestLog } : {}) });
  await app.register(journalPlugin);
  await app.register(metricsPlugin);
  await app.register(bodyPlugin);
  await app.register(authPlugin);
  await app.register(refusalsPlugin);
  const service = app.service;
  await app.register(contractPlugin, {
    endpoints,
    handlers: {
      ...orderHandlers(service),
      ...shipmentHandlers(service),
      ...productHandlers(service),
      ...rewardHandlers(service),
      ...utilityHandlers(service),
      ...localHandlers(service),
      ...marketplaceFakeHandlers(service),
    },
  });
  await app.register(marketplaceFakes, { onUnexpected });
  if (options.console !== false) {
    const [{ consolePlugin }, { consoleRefusals }] = await Promise.all([
      import('../console/plugin.js'),
      import('../console/refusals.js'),
    ]);
    await app.register(consolePlugin, { service, onUnexpected, prefix: CONSOLE_PREFIX });
    mounted.pages = consoleRefusals;
  }
  if (options.docs !== false) {
    await app.register(docsRoutes, {
      document: openApiDocument({ version: VERSION, carriers: service.carriers }),
    });
  }
}

import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { packageFile } from '../util/package-files.js';

/** The pages' own styles and scripts, at the root of the package (`assets/`). */
const OWN = packageFile('assets');
const require = createRequire(import.meta.url);
/** htmx and its server-sent events extension, served from the installed packages: no CDN, no network. */
const HTMX = dirname(require.resolve('htmx.org/dist/htmx.min.js'));
const SSE = dirname(require.resolve('htmx-ext-sse/dist/sse.min.js'));

/** Serves `/assets/` (styles, scripts) and `/assets/vendor/` (htmx), cached by the browser for a day. */
export async function assetRoutes(app: FastifyInstance, options: { at: string }): Promise<void> {
  const { default: fastifyStatic } = await import('@fastify/static');
  await app.register(fastifyStatic, {
    root: OWN,
    prefix: `${options.at}/`,
    decorateReply: false,
    maxAge: 86_400_000,
    index: false,
  });
  await app.register(fastifyStatic, {
    root: [HTMX, SSE],
    prefix: `${options.at}/vendor/`,
    decorateReply: false,
    maxAge: 86_400_000,
    index: false,
    allowedPath: (path) => path === '/htmx.min.js' || path === '/sse.min.js',
  });
}

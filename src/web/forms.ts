import type { FastifyInstance } from 'fastify';

/** A posted form as `@fastify/formbody` and the multipart reader give it: a name once or repeated. */
export type Form = Record<string, string | string[] | undefined>;

/** A request that only reads (GET, HEAD): it sends no form and changes nothing. */
export const readsOnly = (method: string) => method === 'GET' || method === 'HEAD';

/** The first value of a field given once or several times. */
export const firstOf = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Every value of a field, none when it is absent. */
export const listOf = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** A field's first value, or `''` when the form lacks it. */
export const field = (form: Form | undefined, name: string) => firstOf(form?.[name]) ?? '';

/**
 * Makes each field of a page's address one plain value: a field given twice (`?q=a&q=b`) arrives as a
 * list, which no page reads, so its first value is kept; a value holding a NUL names nothing any page
 * shows (no record holds one), so the field is left out. Registered by each front end before its routes.
 */
export function plainQuery(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (!query) return;
    for (const [name, given] of Object.entries(query)) {
      const value = firstOf(given as string | string[] | undefined);
      if (value?.includes('\u0000')) delete query[name];
      else query[name] = value;
    }
  });
}

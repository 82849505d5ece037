const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/**
 * One service however its address is written: scheme and host in lower case, `localhost`, `127.0.0.1`
 * and `::1` as one host, the port always given, the path without a trailing slash, no query or fragment.
 * `http://localhost:8080/` and `http://127.0.0.1:8080` are the same service.
 */
export function normalizeServiceUrl(text: string): string {
  const url = new URL(text);
  const host = LOOPBACK.has(url.hostname.toLowerCase()) ? 'loopback' : url.hostname.toLowerCase();
  const port = url.port || DEFAULT_PORTS[url.protocol] || '';
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${host}:${port}${path}`;
}

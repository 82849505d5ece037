import { createServer } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import type { AddressInfo } from 'node:net';

/** A 16×16 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAGklEQVR4nGP4z8DwH4oZcAImhkYUzEMJUzgApx4P8bVRyOMAAAAASUVORK5CYII=',
  'base64',
);

/** A shop's image server on loopback: every path is a small PNG, so that previews load offline. */
export async function startImageServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' });
    response.end(PNG);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** An image server for the tests of a file: started before the first, closed after the last. */
export function useImageServer(): { readonly url: string } {
  let server: Awaited<ReturnType<typeof startImageServer>> | undefined;
  beforeAll(async () => {
    server = await startImageServer();
  });
  afterAll(() => server?.close());
  return {
    get url() {
      if (!server) throw new Error('the image server starts before the tests');
      return server.url;
    },
  };
}

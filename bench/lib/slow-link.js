// A loopback proxy that stands for a real network and a real service's gateway: each request and each
// answer takes `oneWayMs` to travel, and at most `admit` requests are in progress at once (from arrival
// to answer); beyond that the gateway answers 429 with Retry-After, a round trip later. Used by the real-network benchmark and by
// the upload's pacing tests. `refuseFirst` refuses that many first requests whatever the load (a test's way
// of making requests wait out a Retry-After while the others go on).
import { createServer, request } from 'node:http';

const later = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startSlowLink(target, { oneWayMs, admit, retryAfter = '1', refuseFirst = 0 }) {
  const upstream = new URL(target);
  // longestIdleMs: the longest time the gateway served nothing, between its first request and its last
  // answer (an upload whose last requests wait out a Retry-After leaves it idle that long); `resetIdle`
  // starts it again.
  const counts = { admitted: 0, refused: 0, mostAtOnce: 0, longestIdleMs: 0 };
  let serving = 0;
  let arrived = 0;
  let idleSince;
  const forward = (incoming, body) =>
    new Promise((resolve, reject) => {
      const outgoing = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: incoming.method,
          path: incoming.url,
          headers: incoming.headers,
        },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 502,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  const server = createServer((incoming, reply) => {
    const chunks = [];
    incoming.on('data', (chunk) => chunks.push(chunk));
    incoming.on('end', async () => {
      // The gateway counts a request from its arrival to its answer's: a whole round trip.
      arrived += 1;
      if (serving >= admit || arrived <= refuseFirst) {
        counts.refused += 1;
        await later(2 * oneWayMs);
        reply.writeHead(429, { 'content-type': 'application/json', 'retry-after': retryAfter });
        reply.end(JSON.stringify({ detail: 'Too Many Requests' }));
        return;
      }
      if (idleSince !== undefined) {
        counts.longestIdleMs = Math.max(counts.longestIdleMs, performance.now() - idleSince);
        idleSince = undefined;
      }
      serving += 1;
      counts.admitted += 1;
      counts.mostAtOnce = Math.max(counts.mostAtOnce, serving);
      try {
        await later(oneWayMs);
        const answer = await forward(incoming, Buffer.concat(chunks));
        await later(oneWayMs);
        reply.writeHead(answer.status, answer.headers);
        reply.end(answer.body);
      } catch {
        incoming.socket.destroy();
      } finally {
        serving -= 1;
        if (serving === 0) idleSince = performance.now();
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    counts,
    /** Starts counting `longestIdleMs` afresh, from the next request. */
    resetIdle: () => {
      counts.longestIdleMs = 0;
      idleSince = undefined;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

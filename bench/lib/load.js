// Load from autocannon (as a library): POSTs unique two-item orders over keep-alive connections.
import autocannon from 'autocannon';
import { order } from './orders.js';

/**
 * Posts orders to `url` (`…/api/v1/orders/`) for `duration` seconds, or `amount` orders in all, with
 * `connections` connections; resolves with requests per second, p99 latency and the statuses seen.
 */
export async function postOrders({ url, authorization, connections, duration, amount, prefix }) {
  let n = 0;
  const result = await autocannon({
    url,
    connections,
    // autocannon ends a run at its next sample, once a second by default: a run of `amount` requests
    // was timed up to a whole second too long (30,000 orders in 5.2 s counted as 6). Sampled every
    // 10 ms, the run ends within 10 ms of its last answer.
    sampleInt: 10,
    ...(amount === undefined ? { duration } : { amount }),
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({
          ...request,
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify(order(prefix, ++n)),
        }),
      },
    ],
  });
  const seconds = (new Date(result.finish) - new Date(result.start)) / 1000;
  const total = result['2xx'] + result.non2xx;
  return {
    rps: total / seconds,
    p99: result.latency.p99,
    ok: result['2xx'],
    other: result.non2xx,
    errors: result.errors + result.timeouts,
    seconds,
  };
}

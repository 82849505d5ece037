import type { FastifyInstance } from 'fastify';
import { cafe24Fake } from './cafe24.js';
import { coupangFake } from './coupang.js';
import { naverFake } from './naver.js';

/**
 * The fakes of Naver Smartstore, Coupang and Cafe24 in `intake serve`, each in a context of its own (its
 * bodies, its error answers, its 404), over the service's store and clocks.
 */
export async function marketplaceFakes(
  app: FastifyInstance,
  options: { onUnexpected: (error: unknown) => void },
): Promise<void> {
  const fake = { book: app.service.marketplaces, onUnexpected: options.onUnexpected };
  await app.register(naverFake, { prefix: '/naver', ...fake });
  await app.register(coupangFake, { prefix: '/coupang', ...fake });
  await app.register(cafe24Fake, { prefix: '/cafe24/:mallId', ...fake });
}

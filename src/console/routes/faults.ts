import type { FastifyInstance } from 'fastify';
import { ServiceError } from '../../server/errors.js';
import type { Service } from '../../server/service.js';
import { field, type Form } from '../../web/forms.js';
import { merchantOf, seeOther, sendPage, textsOf } from '../render.js';
import { faultsBody } from '../views/faults.js';

/** The words of a refused fault spec, as the contract's check says them. */
function refusal(error: ServiceError): string {
  const issues = (error as { issues?: { msg: string }[] }).issues;
  return issues?.[0]?.msg.replace(/^Value error, /, '') ?? error.message;
}

/** The merchant's faults: shown, set (refused with the reason when the spec is wrong) and cleared. */
export async function faultRoutes(app: FastifyInstance, { service }: { service: Service }): Promise<void> {
  app.get('/faults', async (request, reply) => {
    const t = textsOf(request);
    const state = service.local.faultsState(service.faults, merchantOf(request));
    return sendPage(request, reply, {
      title: t('faultsTitle'),
      current: 'faults',
      body: faultsBody(t, state, undefined, state.spec),
    });
  });

  app.post<{ Body: Form }>('/faults', async (request, reply) => {
    const t = textsOf(request);
    const spec = field(request.body, 'spec');
    try {
      await service.local.setFaults(service.faults, merchantOf(request), spec);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      const state = service.local.faultsState(service.faults, merchantOf(request));
      return sendPage(request, reply, {
        title: t('faultsTitle'),
        current: 'faults',
        body: faultsBody(t, state, refusal(error), spec),
        status: 422,
      });
    }
    return seeOther(reply, '/faults');
  });

  app.post('/faults/clear', async (request, reply) => {
    await service.faults.set(merchantOf(request), []);
    return seeOther(reply, '/faults');
  });
}

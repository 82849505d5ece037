import type { FastifyInstance } from 'fastify';
import { faultSpecKo } from '../../contract/local/fault-spec-words.js';
import { FAULT_SEED_MAX } from '../../contract/local/index.js';
import { ServiceError } from '../../server/errors.js';
import type { Service } from '../../server/service.js';
import { field, type Form } from '../../web/forms.js';
import type { Lang } from '../../web/lang.js';
import { langOf } from '../../web/language.js';
import { merchantOf, seeOther, sendPage, textsOf } from '../render.js';
import { faultsBody, type FaultsForm } from '../views/faults.js';

/** The form's seed: absent when left blank, `null` when it is not a seed. */
function seedOf(text: string): number | undefined | null {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (!/^\d{1,10}$/.test(trimmed)) return null;
  const seed = Number(trimmed);
  return seed <= FAULT_SEED_MAX ? seed : null;
}

/** The words of a refused fault spec, as the contract's check says them, in the page's language. */
function refusal(error: ServiceError, lang: Lang): string {
  const issues = (error as { issues?: { msg: string }[] }).issues;
  const said = issues?.[0]?.msg.replace(/^Value error, /, '') ?? error.message;
  return (lang === 'ko' && faultSpecKo(said)) || said;
}

/**
 * The merchant's faults: shown, set with a seed or none (refused with the reason when the spec or the seed
 * is wrong) and cleared.
 */
export async function faultRoutes(app: FastifyInstance, { service }: { service: Service }): Promise<void> {
  app.get('/faults', async (request, reply) => {
    const t = textsOf(request);
    const state = service.local.faultsState(service.faults, merchantOf(request));
    return sendPage(request, reply, {
      title: t('faultsTitle'),
      current: 'faults',
      body: faultsBody(t, state, undefined, { spec: state.spec, seed: state.seed?.toString() ?? '' }),
    });
  });

  app.post<{ Body: Form }>('/faults', async (request, reply) => {
    const t = textsOf(request);
    const form: FaultsForm = { spec: field(request.body, 'spec'), seed: field(request.body, 'seed') };
    const refused = (reason: string) =>
      sendPage(request, reply, {
        title: t('faultsTitle'),
        current: 'faults',
        body: faultsBody(t, service.local.faultsState(service.faults, merchantOf(request)), reason, form),
        status: 422,
      });
    const seed = seedOf(form.seed);
    if (seed === null) return refused(t('seedRefused', { max: String(FAULT_SEED_MAX) }));
    try {
      await service.local.setFaults(service.faults, merchantOf(request), form.spec, seed);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      return refused(refusal(error, langOf(request)));
    }
    return seeOther(reply, '/faults');
  });

  app.post('/faults/clear', async (request, reply) => {
    await service.faults.set(merchantOf(request), []);
    return seeOther(reply, '/faults');
  });
}

import type { FastifyInstance } from 'fastify';
import { serviceTextIn } from '../../client/answer-words.js';
import { basicAuthorization } from '../../contract/auth.js';
import type { Service } from '../../server/service.js';
import { field, type Form } from '../../web/forms.js';
import { langOf } from '../../web/language.js';
import { seeOther, sendPage, textsOf } from '../render.js';
import { CONSOLE_COOKIE, SESSION_MS, sessionValue } from '../session.js';
import { signInBody } from '../views/sign-in.js';

/** Signing in with a merchant's access key id and secret, and out. */
export async function signInRoutes(app: FastifyInstance, { service }: { service: Service }): Promise<void> {
  app.get('/', async (_request, reply) => seeOther(reply, '/conversations'));

  app.get('/sign-in', async (request, reply) => {
    const t = textsOf(request);
    return sendPage(request, reply, { title: t('signInTitle'), current: '', body: signInBody(t, undefined) });
  });

  app.post<{ Body: Form }>('/sign-in', async (request, reply) => {
    const t = textsOf(request);
    const accessKeyId = field(request.body, 'access_key_id').trim();
    const secretAccessKey = field(request.body, 'secret_access_key');
    // The same check as the API's, with the same words for a refusal (and the same limits on guessing).
    const result = await service.merchants.authenticate(basicAuthorization({ accessKeyId, secretAccessKey }));
    if (!result.ok) {
      return sendPage(request, reply, {
        title: t('signInTitle'),
        current: '',
        body: signInBody(t, serviceTextIn(langOf(request), result.detail), accessKeyId),
        status: 401,
      });
    }
    reply.setCookie(CONSOLE_COOKIE, sessionValue(service.consoleKey, result.merchant.id, Date.now()), {
      httpOnly: true,
      sameSite: 'strict',
      path: '/console',
      maxAge: SESSION_MS / 1000,
    });
    return seeOther(reply, '/conversations');
  });

  app.post('/sign-out', async (_request, reply) => {
    reply.clearCookie(CONSOLE_COOKIE, { path: '/console' });
    return seeOther(reply, '/sign-in');
  });
}

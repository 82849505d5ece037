import { html } from 'ghtml';
import { count as number } from '../../util/count.js';
import type { T } from '../texts/index.js';
import { serviceTextIn } from '../../bulk/index.js';
import { troubleIn, type Trouble } from '../answers.js';

/** Who the page works as: the profile and the service. */
export interface ProfileView {
  /** The profile's name; none when the credentials come from the environment. */
  name: string | undefined;
  baseUrl: string;
  accessKeyId: string | undefined;
  secretFrom: 'keychain' | 'file' | 'environment' | 'none';
}

/** What the connection page shows: the profile, the credentials' check, the service's health and queue. */
export interface StatusView {
  profile: ProfileView;
  credentials: { valid: boolean; reason: string } | { error: Trouble };
  health: string | Trouble;
  /** The merchant the key is of (the service's `origin_mall_id`), and its shipments waiting. */
  merchant: string | undefined;
  queue: number | Trouble;
}

/**
 * The queue's line: its count, or its own trouble. The queue cannot be asked for what the lines above
 * already say went wrong (`said`): a dash there, not the same words twice.
 */
function queueLine(t: T, queue: StatusView['queue'], said: readonly (string | undefined)[]): string {
  if (typeof queue === 'number') return number(queue);
  const trouble = troubleIn(t.lang, queue);
  return said.includes(trouble) ? '—' : trouble;
}

export function statusBody(t: T, status: StatusView, signInAddress?: string): string {
  const { profile, credentials } = status;
  const credentialsTrouble = 'error' in credentials ? troubleIn(t.lang, credentials.error) : undefined;
  const verdict =
    'error' in credentials
      ? html`<span class="bad">${credentialsTrouble}</span>`
      : credentials.valid
        ? html`<span class="ok">${t('valid')}</span>`
        : html`<span class="bad"
            >${t('invalid', { reason: serviceTextIn(t.lang, credentials.reason) })}</span
          >`;
  const health =
    typeof status.health !== 'string'
      ? troubleIn(t.lang, status.health)
      : status.health === 'available'
        ? t('health_available')
        : status.health;
  const queue = queueLine(t, status.queue, [credentialsTrouble, health]);
  return html` <section class="card">
      <dl class="facts">
        <dt>${t('profileLabel')}</dt>
        <dd>${profile.name ?? t('profileFromEnvironment')}</dd>
        <dt>${t('serviceLabel')}</dt>
        <dd>${profile.baseUrl}</dd>
        <dt>${t('merchantLabel')}</dt>
        <dd>${status.merchant ?? '—'}</dd>
        <dt>${t('keyLabel')}</dt>
        <dd>${profile.accessKeyId ?? t('noCredentials')}</dd>
        <dt>${t('secretFrom')}</dt>
        <dd>${t(`secret_${profile.secretFrom}`)}</dd>
        <dt>${t('credentialsLabel')}</dt>
        <dd id="credentials">!${verdict}</dd>
        <dt>${t('healthLabel')}</dt>
        <dd id="health">${health}</dd>
        <dt>${t('queueLabel')}</dt>
        <dd id="queue">${queue}</dd>
      </dl>
      <div class="actions"><a class="button secondary" href="status">${t('checkAgain')}</a></div>
    </section>
    <section class="card" aria-labelledby="browser-title">
      <h2 id="browser-title">${t('anotherBrowser')}</h2>
      !${
        signInAddress
          ? html`<p>${t('anotherBrowserIntro')}</p>
              <p><code class="address" id="sign-in-address">${signInAddress}</code></p>`
          : html`<p class="hint">${t('anotherBrowserHint')}</p>
              <form method="post" action="status/sign-in">
                <button type="submit" class="secondary">${t('anotherBrowser')}</button>
              </form>`
      }
    </section>`;
}

import { html } from 'ghtml';
import type { ConsoleT } from '../texts.js';
import { PREFIX } from './layout.js';

/**
 * The sign-in form, with the refusal of a first try and the key id typed. The focus starts in the first
 * field to fill: the key id, or the secret once the key id is kept from a refused try.
 */
export function signInBody(t: ConsoleT, error: string | undefined, accessKeyId = ''): string {
  return html`<section class="card narrow">
    <p>${t('signInIntro')}</p>
    !${error ? html`<div class="error-box" role="alert">${error}</div>` : ''}
    <form method="post" action="${PREFIX}/sign-in">
      <div class="field">
        <label for="access-key-id">${t('accessKeyId')}</label>
        <input
          id="access-key-id"
          name="access_key_id"
          autocomplete="username"
          required
          value="${accessKeyId}"
          !${accessKeyId ? '' : 'autofocus'}
        />
      </div>
      <div class="field">
        <label for="secret">${t('secretAccessKey')}</label>
        <input
          id="secret"
          name="secret_access_key"
          type="password"
          autocomplete="current-password"
          required
          !${accessKeyId ? 'autofocus' : ''}
        />
      </div>
      <div class="actions"><button type="submit">${t('signInButton')}</button></div>
    </form>
  </section>`;
}

import { html } from 'ghtml';
import type { FaultsState } from '../../contract/local/index.js';
import { dataTable } from '../../web/table.js';
import type { ConsoleT } from '../texts.js';
import { PREFIX, RECORDS } from './layout.js';

/** The faults in force for this merchant, how often each was injected, and the form to set them. */
export function faultsBody(t: ConsoleT, state: FaultsState, error: string | undefined, spec: string): string {
  const rows = state.rules.map(
    (rule) =>
      html`<tr>
        <td>${[rule.method, rule.path].filter(Boolean).join(' ') || t('allRequests')}</td>
        <td>
          ${rule.kind}${rule.latency_ms ? ` ${rule.latency_ms.min}-${rule.latency_ms.max}ms` : ''}${rule.retry_after_seconds !== undefined ? ` (Retry-After: ${rule.retry_after_seconds})` : ''}
        </td>
        <td>${`${Number((rule.share * 100).toFixed(4))}%`}</td>
        <td>${state.injected[rule.kind] ?? 0}</td>
      </tr>`,
  );
  return html`<section class="card">
    <p>${t('faultsIntro')}</p>
    !${
      rows.length === 0
        ? html`<p id="faults-state">${t('faultsNone')}</p>`
        : dataTable([t('whereHeader'), t('faultHeader'), t('shareHeader'), t('injectedHeader')], rows, {
            id: 'faults-state',
            className: RECORDS,
          })
    }
    !${error ? html`<div class="error-box" role="alert">${error}</div>` : ''}
    <form method="post" action="${PREFIX}/faults">
      <div class="field">
        <label for="spec">${t('specLabel')}</label>
        <input id="spec" name="spec" value="${spec}" aria-describedby="spec-hint" />
        <p class="hint" id="spec-hint">${t('specHint')}</p>
      </div>
      <div class="actions"><button type="submit">${t('setFaults')}</button></div>
    </form>
    <form method="post" action="${PREFIX}/faults/clear">
      <div class="actions"><button type="submit" class="danger">${t('clearFaults')}</button></div>
    </form>
  </section>`;
}

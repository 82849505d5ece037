import { html } from 'ghtml';
import { howOften, latencyWords, type FaultsState } from '../../contract/local/index.js';
import { hintOf, hintedField } from '../../web/field.js';
import { dataTable } from '../../web/table.js';
import type { ConsoleT } from '../texts.js';
import { PREFIX, RECORDS } from './layout.js';

type Rule = FaultsState['rules'][number];

/** Which requests a rule takes, written as its spec writes it (`POST /api/v1/orders/ @ORD-7`). */
function whereOf(t: ConsoleT, rule: Rule): string {
  return (
    [rule.method, rule.path, rule.id === undefined ? undefined : `@${rule.id}`].filter(Boolean).join(' ') ||
    t('allRequests')
  );
}

/** A table of rules, with how often each kind was injected on this merchant's requests. */
function rulesTable(
  t: ConsoleT,
  rules: readonly Rule[],
  injected: FaultsState['injected'],
  id: string,
): string {
  const headers = [t('whereHeader'), t('faultHeader'), t('howOftenHeader'), t('injectedHeader')];
  const [where, fault, often, count] = headers;
  // Each cell carries its column's name: a narrow window shows a rule as a card of labelled lines.
  const rows = rules.map(
    (rule) =>
      html`<tr>
        <td data-label="${where}">${whereOf(t, rule)}</td>
        <td data-label="${fault}">
          ${rule.kind}${rule.latency_ms ? ` ${latencyWords(rule.latency_ms)}` : ''}${rule.retry_after_seconds !== undefined ? ` (Retry-After: ${rule.retry_after_seconds})` : ''}
        </td>
        <td data-label="${often}">${howOften(rule, (n) => t('nextCount', { n }))}</td>
        <td data-label="${count}">${injected[rule.kind] ?? 0}</td>
      </tr>`,
  );
  return dataTable(headers, rows, { id, className: `${RECORDS} stacked` });
}

/** What was given, for the form shown again after a refusal; else what is in force. */
export interface FaultsForm {
  spec: string;
  seed: string;
}

/**
 * The faults in force for this merchant (its own, and those set at start for every merchant), how often
 * each kind was injected, the form to set its own, with a seed, and, when it has any, to clear them.
 */
export function faultsBody(
  t: ConsoleT,
  state: FaultsState,
  error: string | undefined,
  form: FaultsForm,
): string {
  const own =
    state.rules.length === 0
      ? html`<p id="faults-state">${t('faultsNone')}</p>`
      : rulesTable(t, state.rules, state.injected, 'faults-state');
  const everyone = state.everyone;
  return html`<section class="card">
      <p>${t('faultsIntro')}</p>
      !${own}
      !${state.seed === undefined ? '' : html`<p class="hint">${t('seedInForce', { seed: String(state.seed) })}</p>`}
      !${error ? html`<div class="error-box" role="alert">${error}</div>` : ''}
      <form method="post" action="${PREFIX}/faults">
        !${hintedField(
          'spec',
          t('specLabel'),
          html`<input id="spec" name="spec" value="${form.spec}" aria-describedby="${hintOf('spec')}" />`,
          t('specHint'),
        )}
        !${hintedField(
          'seed',
          t('seedLabel'),
          html`<input
            id="seed"
            name="seed"
            value="${form.seed}"
            inputmode="numeric"
            aria-describedby="${hintOf('seed')}"
          />`,
          t('seedHint'),
        )}
        <div class="actions"><button type="submit">${t('setFaults')}</button></div>
      </form>
      !${
        state.rules.length === 0 && state.seed === undefined
          ? ''
          : html`<form method="post" action="${PREFIX}/faults/clear">
              <div class="actions"><button type="submit" class="danger">${t('clearFaults')}</button></div>
            </form>`
      }
    </section>
    !${
      everyone.rules.length === 0
        ? ''
        : html`<section class="card" aria-labelledby="everyone-title">
            <h2 id="everyone-title">${t('everyoneTitle')}</h2>
            <p>${t('everyoneNote')}</p>
            !${rulesTable(t, everyone.rules, state.injected, 'faults-everyone')}
            !${everyone.seed === undefined ? '' : html`<p class="hint">${t('seedInForce', { seed: String(everyone.seed) })}</p>`}
          </section>`
    }`;
}

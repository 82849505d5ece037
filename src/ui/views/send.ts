import { html } from 'ghtml';
import { sendingRate, type SendProgress } from '../../bulk/index.js';
import { count as number } from '../../util/count.js';
import type { UploadSession } from '../session.js';
import type { T } from '../texts/index.js';
import { checkedSinceSend, numberOf, toSendOf } from './check.js';

/** The send card: the button to send what is valid, or the progress while sending. */
export function sendCard(t: T, session: UploadSession): string {
  if (session.running)
    return html`<section class="card" aria-labelledby="send-title" id="send">
      <h2 id="send-title" tabindex="-1">${t('sendTitle')}</h2>
      !${progressPanel(t, session)}
    </section>`;
  const kind = session.kind;
  if (!kind || !session.check || session.fileRemoved) return '';
  // A finished send has its own buttons (update, send again); this one is for a new check.
  if (session.send && !checkedSinceSend(session)) return '';
  const valid = numberOf(session.check.summary.valid);
  const invalid = numberOf(session.check.summary.invalid);
  // Everything was sent before: a send only hears again that each is registered, so it is not offered
  // as sending these records; and where some were, the button counts only those it will send.
  const fresh = toSendOf(session.check.summary);
  const allBefore = valid > 0 && fresh === 0;
  const label = allBefore
    ? t('resendButton')
    : t('sendButton', { count: fresh, what: t(fresh === 1 ? `what_${kind}_one` : `what_${kind}`) });
  return html` <section class="card" aria-labelledby="send-title" id="send">
    <h2 id="send-title" tabindex="-1">${t('sendTitle')}</h2>
    !${valid === 0 ? html`<p>${t('nothingToSend')}</p>` : ''}
    !${allBefore ? html`<p class="hint">${t('allSentBefore')}</p>` : ''}
    !${invalid > 0 && valid > 0 ? html`<p class="hint">${t('invalidStay')}</p>` : ''}
    <form method="post" action="uploads/${session.id}/send">
      <button type="submit" !${valid === 0 ? ' disabled' : allBefore ? ' class="secondary"' : ''}>
        ${label}
      </button>
    </form>
  </section>`;
}

/**
 * The live progress of a send: what is done and left, the rate, retries and slow-downs, and Stop. The
 * figures are replaced every half second from the server's events (`progressFacts`); when the send is
 * over, the `done` event reloads the page's content with the results, whose heading then takes the
 * focus (and the address names it, for a reload). Without scripts, the page reloads itself every two
 * seconds.
 */
export function progressPanel(t: T, session: UploadSession): string {
  const send = session.send;
  if (!send) return '';
  return html`<div id="progress" hx-ext="sse" sse-connect="uploads/${session.id}/events" sse-close="done">
    <noscript><meta http-equiv="refresh" content="2" /></noscript>
    <div id="progress-facts" sse-swap="progress">!${progressFacts(t, session)}</div>
    <div
      hx-get="uploads/${session.id}"
      hx-trigger="sse:done"
      hx-select="#main"
      hx-target="#main"
      hx-swap="outerHTML"
      hx-replace-url="uploads/${session.id}#results-title"
      data-focus="results-title"
    ></div>
    <form method="post" action="uploads/${session.id}/stop">
      <button type="submit" class="danger">${t('stopButton')}</button>
    </form>
  </div>`;
}

/** The figures of a send in progress: what it is doing, the bar, done and left, per second, retries. */
export function progressFacts(t: T, session: UploadSession): string {
  const send = session.send;
  if (!send) return '';
  const progress: SendProgress | undefined = send.progress?.() ?? send.last;
  const seconds = Math.max(0.001, (Date.now() - send.startedAt) / 1000);
  const done = progress?.done ?? 0;
  const total = progress?.total ?? 0;
  const rate = sendingRate({ done, fromLedger: progress?.fromLedger ?? 0 }, seconds);
  const fact = (value: string, label: string) => html`<span><strong>${value}</strong> ${label}</span>`;
  const doing = send.stopping ? t('stopping') : send.waiting ? t('waitingOther') : t('sending');
  return html`<p role="status">${doing}</p>
    <label for="bar" class="label">${t('progressLabel')}</label>
    <progress id="bar" max="${Math.max(1, total)}" value="${done}">${done} / ${total}</progress>
    <div class="progress-facts">
      !${fact(number(done), t('done'))} !${fact(number(Math.max(0, total - done)), t('left'))}
      !${fact(rate < 10 ? rate.toFixed(1) : number(Math.round(rate)), t('perSecond'))}
      !${fact(number(progress?.retries ?? 0), t('retries'))}
      !${fact(number(progress?.slowedDown ?? 0), t('slowedDown'))}
      !${fact(number(progress?.notAccepted ?? 0), t('notAccepted'))}
    </div>`;
}

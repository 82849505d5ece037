import { html } from 'ghtml';
import type { QueueRun } from '../../contract/local/index.js';
import type { ConsoleT } from '../texts.js';
import { PREFIX, when } from './layout.js';

/** How far the clock can be advanced from the page: the service takes each as written. */
const CHOICES = ['1h', '6h', '1d', '2d', '3d', '7d'] as const;

/** A choice as a person reads it: "6 hours", "6시간". */
function choiceName(t: ConsoleT, choice: (typeof CHOICES)[number]): string {
  const count = Number(choice.slice(0, -1));
  return t(choice.endsWith('h') ? 'hours' : 'days', { count });
}

/** The clock and the queue: the service's time, advance it, apply what is queued. */
export function clockCard(t: ConsoleT, now: string, back: string, ran?: QueueRun): string {
  // With scripts the forms answer in place (htmx swaps this card), so that the page is not reloaded
  // and its live parts (a conversation) show what the clock made happen; without, they post and return.
  const swap = `hx-target="#clock" hx-swap="outerHTML"`;
  return html`<section class="card" id="clock" aria-labelledby="clock-title">
    <h2 id="clock-title">${t('clockTitle')}</h2>
    <p id="clock-now">${t('clockNow', { now: when(now) })}</p>
    !${
      ran
        ? html`<p class="ok" role="status">
            ${t('clockRan', {
              now: when(ran.now),
              applied: ran.applied,
              failed: ran.failed,
              count: ran.sent,
            })}
          </p>`
        : ''
    }
    <div class="row">
      <form
        method="post"
        action="${PREFIX}/clock/advance"
        hx-post="${PREFIX}/clock/advance"
        !${swap}
        class="row"
      >
        <input type="hidden" name="back" value="${back}" />
        <div class="field">
          <label for="advance-by">${t('advanceBy')}</label>
          <select id="advance-by" name="by">
            !${CHOICES.map((choice) => html`<option value="${choice}">${choiceName(t, choice)}</option>`).join('')}
          </select>
        </div>
        <div><button type="submit">${t('advanceButton')}</button></div>
      </form>
      <form method="post" action="${PREFIX}/queue/apply" hx-post="${PREFIX}/queue/apply" !${swap}>
        <input type="hidden" name="back" value="${back}" />
        <button type="submit" class="secondary">${t('applyButton')}</button>
      </form>
    </div>
  </section>`;
}

import { html } from 'ghtml';

/**
 * What a page says once after an action: that it is done (green), or, with `warns`, something to look at
 * (amber: lines a pull did not send). Read out by screen readers as a status either way.
 */
export function noticeBox(text: string, warns = false): string {
  return html`<div class="notice${warns ? ' warns' : ''}" role="status">${text}</div>`;
}

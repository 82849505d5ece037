import { html } from 'ghtml';
import type { Lang } from './lang.js';

/**
 * A page of one sentence, for what is answered before a front end's own frame can be (a request Node or
 * the router refused: no cookies read, no page of its own yet): in the language given, or in both when
 * nothing says which.
 */
export function barePage(words: Record<Lang, string>, lang?: Lang): string {
  const said = lang
    ? html`<p>${words[lang]}</p>`
    : html`<p>${words.ko}</p>
        <p lang="en">${words.en}</p>`;
  return html`<!doctype html>
    <html lang="${lang ?? 'ko'}">
      <meta charset="utf-8" /><title>Intake</title>
      <main>!${said}</main>
    </html>`;
}

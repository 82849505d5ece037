import { html } from 'ghtml';
import type { Lang } from './lang.js';

/** Words in each language the pages speak. */
type Words = Record<Lang, string>;

/** Enough style to read it as the pages read (their styles are not loaded for such a page). */
const STYLE =
  'body{font-family:system-ui,sans-serif;margin:2rem;line-height:1.5;color:#1f2328}a{color:#0b57d0}';

/**
 * A page of one sentence, for what is answered before a front end's own frame can be (a request Node or
 * the router refused: no cookies read, no page of its own yet): in the language given, or in both when
 * nothing says which; with a link back when there is somewhere to go.
 */
export function barePage(words: Words, lang?: Lang, back?: { href: string; words: Words }): string {
  const said = (one: Lang) =>
    html`<p lang="${one}">
      ${words[one]}!${back ? html` <a href="${back.href}">${back.words[one]}</a>` : ''}
    </p>`;
  const body = lang ? said(lang) : `${said('ko')}${said('en')}`;
  return html`<!doctype html>
    <html lang="${lang ?? 'ko'}">
      <meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>
        Intake</title
      ><style>
        !${STYLE}
      </style>
      <main>!${body}</main>
    </html>`;
}

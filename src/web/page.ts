import { html } from 'ghtml';
import { LANGS, type Lang } from './lang.js';
import { switchAddress } from './page-address.js';

/** A link of a page's navigation. */
export interface NavLink {
  href: string;
  label: string;
  current?: boolean;
}

/** What a page of the UI or the console is made of; `body` and `aside` are HTML already escaped. */
export interface PageShell {
  lang: Lang;
  /** The page's own title, and the app's (`Intake`, `Intake console`). */
  title: string;
  app: string;
  /** Where the assets are served (`/assets`, `/console/assets`). */
  assets: string;
  nav: readonly NavLink[];
  /** What the header shows on its right (who is signed in, which profile), as HTML. */
  aside?: string;
  body: string;
  /** The text of the skip link and of the language switch's label, in the page's language. */
  skip: string;
  languageLabel: string;
  /** The base of the page's relative addresses (`<base href>`), for a page that lives under a path. */
  base?: string;
  /** The page's own path, so that the language switch shows the same page. */
  here?: string;
  /** What the page says when its server stops answering (a page that watches it). */
  offline?: string;
}

const LANGUAGE_NAMES: Record<Lang, string> = { ko: '한국어', en: 'English' };

/**
 * A whole page: the document with its language, a skip link to the main content, the header with the
 * app's name, navigation and a language switch, and the body. Styles and scripts come from this
 * service (no CDN): the pages' own, htmx and its server-sent events extension.
 */
export function page(shell: PageShell): string {
  const switcher = LANGS.map((lang) =>
    lang === shell.lang
      ? html`<span class="lang-current" lang="${lang}" aria-current="true">${LANGUAGE_NAMES[lang]}</span>`
      : html`<a href="${switchAddress(shell.here ?? '', lang)}" lang="${lang}" hreflang="${lang}"
          >${LANGUAGE_NAMES[lang]}</a
        >`,
  );
  const links = shell.nav.map(
    (link) =>
      html`<li><a href="${link.href}" !${link.current ? ' aria-current="page"' : ''}>${link.label}</a></li>`,
  );
  return `<!doctype html>${html`<html lang="${shell.lang}">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      !${shell.base ? html`<base href="${shell.base}" />` : ''}
      <title>${shell.title} · ${shell.app}</title>
      <link rel="icon" href="${shell.assets}/favicon.svg" type="image/svg+xml" />
      <link rel="stylesheet" href="${shell.assets}/app.css" />
      <script src="${shell.assets}/vendor/htmx.min.js" defer></script>
      <script src="${shell.assets}/vendor/sse.min.js" defer></script>
      <script src="${shell.assets}/app.js" defer></script>
    </head>
    <body>
      <a class="skip" href="#main">${shell.skip}</a>
      <header class="top">
        <span class="brand">${shell.app}</span>
        <nav aria-label="${shell.app}">
          <ul>
            !${links}
          </ul>
        </nav>
        <div class="end">
          <div class="aside">!${shell.aside ?? ''}</div>
          <div class="langs" role="group" aria-label="${shell.languageLabel}">!${switcher}</div>
        </div>
      </header>
      !${
        shell.offline
          ? html`<div id="offline" class="offline" role="alert" hidden data-alive="alive">
              ${shell.offline}
            </div>`
          : ''
      }
      <main id="main" tabindex="-1">
        <h1>${shell.title}</h1>
        !${shell.body}
      </main>
    </body>
  </html>`}`;
}

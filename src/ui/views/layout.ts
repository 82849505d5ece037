import { html } from 'ghtml';
import type { Lang } from '../../web/lang.js';
import { page } from '../../web/page.js';
import type { Liveness } from '../state.js';
import { uiTexts, type T } from '../texts/index.js';
import type { ProfileView } from './status.js';

/** What the frame of every page needs besides its body. */
export interface Frame {
  title: string;
  /** Which entry of the navigation the page is (`upload`, `catalog`, `history`, `status`, or none). */
  current: string;
  profile: ProfileView;
  liveness: Liveness;
  /** The page's base path (`/p/…/`) and its own path. */
  base: string;
  here: string;
  /** How many days uploads are kept, for pages that say it. */
  keepDays: number;
}

/** The header's right side: the shop (profile, and the merchant the key is of) and a dot for the service. */
function shopOf(t: T, frame: Frame): string {
  const { profile, liveness } = frame;
  const profileName = profile.name ?? t('profileFromEnvironment');
  const name = liveness.merchant
    ? t('shopOf', { profile: profileName, merchant: liveness.merchant })
    : t('shop', { name: profileName });
  const health = liveness.healthy === undefined ? 'unknown' : liveness.healthy ? 'ok' : 'bad';
  const label = t(health === 'ok' ? 'healthOk' : health === 'bad' ? 'healthBad' : 'healthUnknown');
  return html`<a class="shop" href="status" title="${profile.baseUrl}"
    ><span class="dot ${health}" role="img" aria-label="${label}"></span><span>${name}</span></a
  >`;
}

/** A whole page of the UI, in `lang`, with the navigation and the shop in its header. */
export function uiPage(lang: Lang, frame: Frame & { body: string }): string {
  const t = uiTexts(lang);
  const nav = [
    { href: './', label: t('navUpload'), current: frame.current === 'upload' },
    { href: 'catalog', label: t('navCatalog'), current: frame.current === 'catalog' },
    { href: 'marketplaces', label: t('navMarketplaces'), current: frame.current === 'marketplaces' },
    { href: 'history', label: t('navHistory'), current: frame.current === 'history' },
    { href: 'status', label: t('navStatus'), current: frame.current === 'status' },
  ];
  return page({
    lang,
    title: frame.title,
    app: t('app'),
    assets: 'assets',
    nav,
    aside: shopOf(t, frame),
    body: frame.body,
    skip: t('skip'),
    languageLabel: t('language'),
    base: frame.base,
    here: frame.here,
    offline: t('offline'),
  });
}

const two = (value: number) => String(value).padStart(2, '0');

/**
 * A date and time as people of the page's language write them (`2026. 11. 25. 오후 3:04`): written out
 * here for Korean, where Node's own data says "AM" and "PM".
 */
export function when(lang: Lang, ms: number): string {
  const date = new Date(ms);
  if (lang !== 'ko') return date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  const hour = date.getHours();
  return `${day(lang, ms)} ${hour < 12 ? '오전' : '오후'} ${hour % 12 === 0 ? 12 : hour % 12}:${two(date.getMinutes())}`;
}

/** A date as people of the page's language write them (`2026. 11. 25.`, `25 November 2026`). */
export function day(lang: Lang, ms: number): string {
  const date = new Date(ms);
  if (lang !== 'ko') return date.toLocaleDateString('en-GB', { dateStyle: 'long' });
  return `${date.getFullYear()}. ${date.getMonth() + 1}. ${date.getDate()}.`;
}

import { html } from 'ghtml';
import { dataTable } from '../../web/table.js';
import type { Marketplace } from '../../marketplaces/names.js';
import type { NotSent } from '../../marketplaces/pull.js';
import type { Lang } from '../../web/lang.js';
import { count as number } from '../../util/count.js';
import type { ConsentView, MarketplaceView, PushedLine } from '../state.js';
import { pushMessageIn } from '../../marketplaces/push-words.js';
import type { T } from '../texts/index.js';
import { when } from './layout.js';
import { noticeBox } from './notice.js';

export const marketName = (t: T, name: Marketplace) => t(`market_${name}`);

/** The fields of the keys the page takes, by marketplace (Cafe24's go to the mall's consent first). */
export const KEY_FIELDS = {
  naver: ['clientId', 'clientSecret'],
  coupang: ['vendorId', 'accessKey', 'secretKey', 'keyIssuedAt'],
  cafe24: ['mallId', 'clientId', 'clientSecret', 'redirectUri'],
} as const satisfies Record<Marketplace, readonly string[]>;

/** Fields that may be left empty: the issue date (today), the redirect address (the profile's). */
const OPTIONAL_FIELDS: ReadonlySet<string> = new Set(['keyIssuedAt', 'redirectUri']);
const SECRET_FIELDS: ReadonlySet<string> = new Set(['clientSecret', 'secretKey']);

/** Whether the page takes a field empty. */
export const optionalKey = (field: string) => OPTIONAL_FIELDS.has(field);

/** What the page says back to a form of keys: the fields as given (never a secret) and what went wrong. */
export interface KeysForm {
  marketplace: Marketplace;
  given: Readonly<Record<string, string>>;
  problem?: { message: string; detail?: string };
  /** Cafe24: the consent to open, and the code's field. */
  consent?: ConsentView;
  /** Cafe24: its tokens are held, not kept (the keychain refused them): a button keeps them. */
  held?: boolean;
}

/** A key's name on the page, as the marketplace's own pages name it. */
export const keyLabel = (t: T, name: Marketplace, field: string) =>
  t(`key_${name}_${field}` as Parameters<T>[0]);

/** A field of a form of keys: a secret is a password field and never filled back. */
function keyField(t: T, name: Marketplace, field: string, value: string, focus = false): string {
  const id = `key-${name}-${field}`;
  const secret = SECRET_FIELDS.has(field);
  const type = secret ? 'password' : field === 'keyIssuedAt' ? 'date' : 'text';
  return html`<div class="field">
    <label for="${id}">${keyLabel(t, name, field)}</label>
    <input
      type="${type}"
      id="${id}"
      name="${field}"
      value="${secret ? '' : value}"
      autocomplete="off"
      spellcheck="false"
      !${OPTIONAL_FIELDS.has(field) ? '' : ' required'}!${focus ? ' autofocus' : ''}
    />
  </div>`;
}

/** The mall's consent to open, and the field its code is pasted in. */
function consentStep(t: T, consent: ConsentView): string {
  // Intake waits at the redirect address: this page asks every few seconds whether the code came, and
  // the next thing to do is to open the consent (a paste of the code is then only where that fails).
  const wait = consent.waiting
    ? html`<div hx-get="marketplaces/cafe24/consent/done/wait" hx-trigger="every 2s" hx-swap="none"></div>`
    : '';
  const words = t(consent.waiting ? 'keysConsentWaiting' : 'keysConsent', { redirect: consent.redirectUri });
  return html`<div class="notice" role="status">
      <p>${words}</p>
      !${wait}
      <p>
        <a
          href="${consent.address}"
          target="_blank"
          rel="noopener noreferrer"
          !${consent.waiting ? ' autofocus' : ''}
          >${t('keysConsentLink')}</a
        >
      </p>
    </div>
    <form method="post" action="marketplaces/cafe24/keys" class="row">
      !${keyField(t, 'cafe24', 'code', '', !consent.waiting)}
      <div><button type="submit">${t('keysSave')}</button></div>
    </form>`;
}

/** What a marketplace's keys warn of, each in a box of its own. */
function keyNotices(t: T, market: MarketplaceView): string {
  return market.notices
    .map((notice) =>
      noticeBox(
        t(`notice_${notice.kind}`, {
          on: 'on' in notice ? notice.on : '',
          ...('days' in notice ? { count: notice.days } : {}),
        }),
        true,
      ),
    )
    .join('');
}

/** Keys to be entered again: an end past or near, or an issue date unknown (a sign-in is renewed by use). */
const renew = (market: MarketplaceView) => market.notices.some((notice) => notice.kind !== 'sign_in_ends');

/**
 * The keys of a marketplace, entered and checked here: open when it has none, when they were refused,
 * or when they are to be entered again.
 */
function keysForm(t: T, market: MarketplaceView, form: KeysForm | undefined): string {
  const name = market.name;
  if (market.from === 'env') return html`<p class="hint">${t('keysEnvironment')}</p>`;
  const mine = form?.marketplace === name ? form : undefined;
  const fields = KEY_FIELDS[name].map((field) => keyField(t, name, field, mine?.given[field] ?? ''));
  // Cafe24's app keys lead to the mall's consent; the others are checked and kept at once.
  const first = name === 'cafe24' ? 'consent' : 'keys';
  // Keys that may be in a keychain that could not be read are not asked for again at once.
  const open = (market.from === undefined && !market.unreadable) || mine !== undefined || renew(market);
  return html`<details class="keys" !${open ? ' open' : ''}>
    <summary>${market.from === undefined && !market.unreadable ? t('keysEnter') : t('keysChange')}</summary>
    <p class="hint">${t(name === 'cafe24' ? 'keysIntroCafe24' : 'keysIntro')}</p>
    !${
      mine?.problem
        ? html`<div class="error-box" role="alert">
            <p>${mine.problem.message}</p>
            !${mine.problem.detail ? html`<p>${t('marketDetail', { detail: mine.problem.detail })}</p>` : ''}
          </div>`
        : ''
    }
    !${mine?.consent ? consentStep(t, mine.consent) : ''}
    !${
      mine?.held
        ? html`<form method="post" action="marketplaces/cafe24/keep-held">
            <button type="submit" autofocus>${t('keysKeepHeld')}</button>
          </form>`
        : ''
    }
    <form method="post" action="marketplaces/${name}/${first}" class="row">
      !${fields.join('')}
      <div>
        <button type="submit" !${mine?.consent || mine?.held ? ' class="secondary"' : ''}>
          ${t(name === 'cafe24' ? 'keysToConsent' : 'keysSave')}
        </button>
      </div>
    </form>
  </details>`;
}

/** Keys that may be in a keychain that could not be read: said as a warning, with the keychain's words. */
const unreadableBox = (t: T, why: string) =>
  html`<div class="notice warns" role="status">
    <p>${t('marketKeychainLocked')}</p>
    <p>${t('marketDetail', { detail: why })}</p>
  </div>`;

/**
 * Where a marketplace's keys come from, or that the keychain could not be read, or that it has none; and
 * that the tokens its mall gave are held here, not kept yet.
 */
function keysOrigin(t: T, market: MarketplaceView, form: KeysForm | undefined): string {
  const held = form?.held === true && form.marketplace === market.name ? html`<p>${t('marketHeld')}</p>` : '';
  if (market.unreadable) return unreadableBox(t, market.unreadable) + held;
  const from = market.from as 'env' | 'keychain' | 'file' | undefined;
  if (from) return html`<p>${t('marketSetUp', { from: t(`from_${from}`) })}</p>` + held;
  return held || html`<p>${t('marketNotSetUp')}</p>`;
}

/** The marketplaces, each with its keys' origin, its last pull, its two buttons and its keys' form. */
export function marketplacesBody(
  t: T,
  lang: Lang,
  list: readonly MarketplaceView[],
  said: {
    notice?: string;
    warns?: boolean;
    problem?: { message: string; detail?: string };
    keys?: KeysForm;
    /** The marketplace whose keys were just kept: its pull is the next step, and has the focus. */
    ready?: Marketplace;
  } = {},
): string {
  const cards = list.map((market) => {
    const name = marketName(t, market.name);
    const ready = market.from !== undefined;
    return html`<section class="card" aria-labelledby="market-${market.name}">
      <h2 id="market-${market.name}">${name}</h2>
      !${keysOrigin(t, market, said.keys)}
      <p>
        ${market.lastPull === undefined ? t('neverPulled') : t('lastPull', { when: when(lang, market.lastPull) })}
      </p>
      !${
        ready
          ? html`<div class="actions">
              <form method="post" action="marketplaces/${market.name}/pull">
                <button type="submit" !${said.ready === market.name ? ' autofocus' : ''}>
                  ${t('pullButton', { name })}
                </button>
              </form>
              <form method="post" action="marketplaces/${market.name}/push">
                <button type="submit" class="secondary">${t('pushButton', { name })}</button>
              </form>
            </div>`
          : ''
      }
      !${keyNotices(t, market)} !${keysForm(t, market, said.keys)}
    </section>`;
  });
  return html`<section class="card">
      <p>${t('marketplacesIntro')}</p>
      !${said.notice ? noticeBox(said.notice, said.warns === true) : ''}
      !${
        said.problem
          ? html`<div class="error-box" role="alert">
              <p>${said.problem.message}</p>
              !${said.problem.detail ? html`<p>${t('marketDetail', { detail: said.problem.detail })}</p>` : ''}
            </div>`
          : ''
      }
    </section>
    !${cards.join('')}`;
}

/**
 * What the page says after a line's reason: the phone of an order the bot cannot reach (its reason says
 * why, in the page's words), else the marketplace's own words for the line's state.
 */
function detailOf(entry: NotSent): string {
  if (entry.phone !== undefined) return entry.phone;
  return entry.reason === 'no_phone' ? '-' : entry.detail;
}

/** What a pull did not send, in words: one line per order and reason. */
export function notSentWords(t: T, notSent: readonly NotSent[]): string {
  if (notSent.length === 0) return '';
  const lines = notSent.reduce((sum, entry) => sum + entry.lineIds.length, 0);
  const each = notSent.slice(0, 20).map((entry) =>
    t('notSentLine', {
      order: entry.orderId,
      count: entry.lineIds.length,
      reason: t(`reason_${entry.reason}`),
      detail: detailOf(entry),
    }),
  );
  return [t('notSentIntro', { count: lines }), ...each, ...(notSent.length > 20 ? ['…'] : [])].join(' ');
}

/** A push's outcomes: the counts, then each line that was not simply pushed first, then the rest. */
export function pushBody(
  t: T,
  result: { lines: readonly PushedLine[]; counts: Record<string, number> },
): string {
  if (result.lines.length === 0)
    return html`<section class="card">
      <p>${t('pushNothing')}</p>
      <p><a href="./">${t('uploadTracking')}</a></p>
    </section>`;
  const outcome = (kind: string) => t(`push_${kind as 'pushed'}`);
  const counts = Object.entries(result.counts)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${outcome(kind)} ${number(count)}`)
    .join(' · ');
  const ordered = [...result.lines].sort(
    (a, b) => Number(a.outcome === 'pushed') - Number(b.outcome === 'pushed'),
  );
  const rows = ordered.map((line) => {
    const message = line.outcome === 'pushed' ? '' : pushMessageIn(t.lang, line.message);
    return html`<tr>
      <td data-label="${t('orderHeader')}">${line.orderId}</td>
      <td data-label="${t('lineHeader')}">${line.lineId}</td>
      <td data-label="${t('trackingHeader')}">${line.trackingNumber}</td>
      <td data-label="${t('outcomeHeader')}">${outcome(line.outcome)}</td>
      <td data-label="${t('marketMessageHeader')}" class="${message === '' ? 'empty' : ''}">${message}</td>
    </tr>`;
  });
  return html`<section class="card">
    <p role="status">${counts}</p>
    !${dataTable([t('orderHeader'), t('lineHeader'), t('trackingHeader'), t('outcomeHeader'), t('marketMessageHeader')], rows, { className: 'stacked' })}
    <p class="actions"><a href="marketplaces">${t('navMarketplaces')}</a></p>
  </section>`;
}

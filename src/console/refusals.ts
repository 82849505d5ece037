import type { PageRefusals } from '../server/plugins/errors.js';
import { barePage } from '../web/bare-page.js';
import { chooseLang } from '../web/lang.js';
import { consoleTexts } from './texts.js';
import { PREFIX } from './views/layout.js';

const both = (key: 'notFound' | 'unreadableRequest' | 'backToPage') => ({
  en: consoleTexts('en')(key),
  ko: consoleTexts('ko')(key),
});

/** Back to the console: a page of its own is one click away. */
const back = { href: `${PREFIX}/`, words: both('backToPage') };

/**
 * What the console says of a request refused before its routes (an address the router cannot take, a
 * request Node could not read): one sentence, read as its pages read, with the way back to it.
 */
export const consoleRefusals: PageRefusals = {
  prefix: PREFIX,
  notFound: (acceptLanguage) => barePage(both('notFound'), chooseLang(undefined, acceptLanguage), back),
  unreadable: () => barePage(both('unreadableRequest'), undefined, back),
};

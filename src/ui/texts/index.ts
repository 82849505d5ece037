import { translator } from '../../web/i18n.js';
import type { Lang } from '../../web/lang.js';
import { CHECK } from './check.js';
import { COMMON } from './common.js';
import { MARKETPLACES_TEXTS } from './marketplaces.js';
import { PAGES } from './pages.js';
import { RESULTS } from './results.js';
import { UPLOAD } from './upload.js';

/** Every text of `intake ui`, in Korean and English. */
const TEXTS = { ...COMMON, ...UPLOAD, ...CHECK, ...RESULTS, ...PAGES, ...MARKETPLACES_TEXTS } as const;

/** The dictionaries `TEXTS` is made of: a key in two of them would be one text, the later's (a test keeps them apart). */
export const UI_DICTIONARIES: Readonly<Record<string, object>> = {
  COMMON,
  UPLOAD,
  CHECK,
  RESULTS,
  PAGES,
  MARKETPLACES_TEXTS,
};

export type UiText = keyof typeof TEXTS;

/** The UI's texts in one language. */
export const uiTexts = (lang: Lang) => Object.assign(translator(TEXTS, lang), { lang });

export type T = ReturnType<typeof uiTexts>;

/** The two languages people read Intake in. */
export type Lang = 'ko' | 'en';

/** The language people read in a terminal: Korean when its locale says so (`LC_ALL`, `LC_MESSAGES`, `LANG`). */
export function terminalLang(env: Readonly<Record<string, string | undefined>>): Lang {
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return /^ko([_.-]|$)/i.test(locale) ? 'ko' : 'en';
}

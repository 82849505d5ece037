import { describe, expect, it } from 'vitest';
import { uiTexts } from '../../src/ui/texts/index.js';
import { statusBody, type StatusView } from '../../src/ui/views/status.js';

const profile: StatusView['profile'] = {
  name: 'default',
  baseUrl: 'http://127.0.0.1:8080',
  accessKeyId: undefined,
  secretFrom: 'none',
};
const none = {
  code: 'no_credentials',
  values: { detail: 'profile "default" does not exist and INTAKE_ACCESS_KEY_ID is not set' },
} as const;
const unreachable = {
  code: 'unreachable',
  values: { url: 'http://127.0.0.1:8080', reason: 'connection refused' },
} as const;
const refused = { code: 'service_refused', values: { status: 503, detail: 'busy' } } as const;
const working = {
  credentials: { valid: true, reason: '' },
  health: 'available',
  merchant: 'mall-1',
} as const;

/** What the page says on the queue's line, for a connection in `lang`. */
const queueShown = (lang: 'en' | 'ko', view: Omit<StatusView, 'profile'>) =>
  /<dd id="queue">([^<]*)<\/dd>/.exec(statusBody(uiTexts(lang), { profile, ...view }))?.[1];

describe('the Connection page', () => {
  it.each(['en', 'ko'] as const)(
    'says a trouble once (%s): the queue shows none of what the credentials or health lines already say',
    (lang) => {
      const down = { health: unreachable, merchant: undefined } as const;
      expect(queueShown(lang, { ...down, credentials: { error: none }, queue: none })).toBe('—');
      expect(queueShown(lang, { ...down, credentials: { error: unreachable }, queue: unreachable })).toBe(
        '—',
      );
      // A trouble of the queue's own is said; a count is written with its separators.
      expect(queueShown(lang, { ...working, queue: refused })).toContain('503');
      expect(queueShown(lang, { ...working, queue: 1234 })).toBe('1,234');
    },
  );
});

import { describe, expect, it } from 'vitest';
import { consoleTexts } from '../../src/console/texts.js';
import { clockCard } from '../../src/console/views/clock.js';

const NOW = '2026-12-04T05:00:00.000Z';

/** What the clock card says after the clock moved and the service sent `sent` messages, in `lang`. */
function said(lang: 'en' | 'ko', sent: number): string | undefined {
  const card = clockCard(consoleTexts(lang), NOW, '/console', { now: NOW, applied: 2, failed: 0, sent });
  return /<p class="ok" role="status">\s*([^<]*?)\s*<\/p>/.exec(card)?.[1];
}

describe('the console’s clock card', () => {
  it('says how many messages the move sent, one as one', () => {
    expect(said('en', 1)).toMatch(/: 2 applied, 0 failed, 1 message sent\.$/);
    expect(said('en', 3)).toMatch(/: 2 applied, 0 failed, 3 messages sent\.$/);
    expect(said('ko', 1)).toMatch(/: 2건 처리, 0건 실패, 메시지 1건 발송\.$/);
  });

  it('offers the moves in words, one hour and one day in the singular', () => {
    const options = (lang: 'en' | 'ko') =>
      [...clockCard(consoleTexts(lang), NOW, '/console').matchAll(/<option[^>]*>\s*([^<]*?)\s*</g)].map(
        (match) => match[1],
      );
    expect(options('en')).toEqual(['1 hour', '6 hours', '1 day', '2 days', '3 days', '7 days']);
    expect(options('ko')).toEqual(['1시간', '6시간', '1일', '2일', '3일', '7일']);
  });
});

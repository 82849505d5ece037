import { describe, expect, it } from 'vitest';
import { consoleTexts } from '../../src/console/texts.js';
import type { NotSent } from '../../src/marketplaces/pull.js';
import { uiTexts } from '../../src/ui/texts/index.js';
import { notSentWords } from '../../src/ui/views/marketplaces.js';
import { translator } from '../../src/web/i18n.js';

describe('the pages’ texts count as people do', () => {
  it('say one thing in the singular and the rest in the plural, in English; Korean needs no singular', () => {
    const en = consoleTexts('en');
    expect(en('messagesCount', { count: 1 })).toBe('1 message');
    expect(en('messagesCount', { count: 2 })).toBe('2 messages');
    expect(en('messagesCount', { count: 0 })).toBe('0 messages');
    expect(en('messagesCount', { count: 1200 })).toBe('1,200 messages');
    expect(consoleTexts('ko')('messagesCount', { count: 1 })).toBe('메시지 1개');
    expect(uiTexts('en')('notRead', { count: 1 })).toBe('1 column is not sent');
    expect(uiTexts('en')('notRead', { count: 3 })).toBe('3 columns are not sent');
    expect(uiTexts('en')('productsSaved', { count: 1 })).toBe('1 product remembered.');
    // The lines a pull did not send, as the marketplaces page says them.
    const relay: NotSent = {
      orderId: '2026112500000001',
      lineIds: ['L-1'],
      reason: 'relay_phone',
      detail: '0504-1234-5678',
      phone: '0504-1234-5678',
    };
    expect(notSentWords(uiTexts('en'), [relay])).toMatch(
      /^1 order line was not sent: order 2026112500000001: 1 line, /,
    );
    // What is counted need not be shown as the count: an order's rows, listed.
    expect(uiTexts('en')('dropRecord', { record: 'ORD-1', rows: '5', count: 1 })).toBe('Drop ORD-1 (row 5)');
    expect(uiTexts('en')('dropRecord', { record: 'ORD-1', rows: '5, 6', count: 2 })).toBe(
      'Drop ORD-1 (rows 5, 6)',
    );
  });

  it('use the plural text where a text has no singular, or where what is counted is not a number', () => {
    const t = translator({ rows: { en: '{count} rows', ko: '{count}행' } }, 'en');
    expect(t('rows', { count: 1 })).toBe('1 rows');
    const withOne = translator(
      { rows: { en: '{count} rows', ko: '{count}행' }, rows_one: { en: 'one row', ko: '1행' } },
      'en',
    );
    expect(withOne('rows', { count: '1' })).toBe('1 rows');
    expect(withOne('rows', { count: 1 })).toBe('one row');
  });
});

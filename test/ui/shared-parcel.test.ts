import { describe, expect, it } from 'vitest';
import { cli, useService } from '../helpers/cli.js';
import { CHROMIUM, narrowTables, openPage, screenshot, useBrowser } from '../helpers/browser.js';
import { workspace } from '../helpers/files.js';
import { ORDERS_HEADER } from '../helpers/samples.js';
import { useUis } from '../helpers/ui.js';
import { checkFile, counts, sendEnded } from '../helpers/ui-page.js';

const t = useService({ applyDelay: { minMs: 0, maxMs: 0 } });
const b = useBrowser();
const startUi = useUis(() => t.env);

const WORDS = {
  ko: {
    all: '전체',
    look: (_count: number) => '확인할 행',
    intro: '정상이라 사유에 적힌 대로 보내지만 확인해 보세요. 운송장 번호가 틀렸다면 여기서 바꾸세요.',
    reason: '2행의 다른 주문과 운송장 번호가 같습니다. 한 상자에 함께 보낸 주문이 아니면 확인하세요',
    box: (row: number) => `${row}행, tracking_number`,
    apply: '고친 내용 반영하고 다시 검사',
    send: '송장 3건 보내기',
    finished: '완료',
  },
  en: {
    all: 'records',
    look: (count: number) => (count === 1 ? 'row to look at' : 'rows to look at'),
    intro: 'look at them. Change a tracking number here if it is wrong',
    reason: 'is also the tracking number of another order, in row 2',
    box: (row: number) => `Row ${row}, tracking_number`,
    apply: 'Apply the fixes and check again',
    send: 'Send 3 shipments',
    finished: 'finished',
  },
} as const;

describe.skipIf(!CHROMIUM)('intake ui: one tracking number given to several orders', () => {
  it.each([
    ['ko', 'ko-KR', 1280],
    ['en', 'en-US', 390],
  ] as const)(
    'is sent with a word on each later order, its number a box to change (%s, %s, %d px)',
    async (lang, locale, width) => {
      const words = WORDS[lang];
      const prefix = `PAR${lang.toUpperCase()}`;
      const files = workspace();
      const orders = files.write(
        'orders.csv',
        [
          ORDERS_HEADER,
          ...[1, 2, 3].map(
            (n) =>
              `${prefix}-${n},김민지,010-1234-567${n},${prefix}-${n}-1,P-1,감귤,https://shop.example.com/p.jpg`,
          ),
        ].join('\n'),
      );
      expect((await cli(['order', 'create', orders], { env: t.env })).code).toBe(0);
      // The tracking number filled down from the first order.
      const dispatch = files.write(
        '발송.csv',
        [
          'order_id,order_item_id,company_code,tracking_number',
          ...[1, 2, 3].map((n) => `${prefix}-${n},${prefix}-${n}-1,kr.cjlogistics,640123456789`),
        ].join('\n'),
      );
      const ui = await startUi();
      const { page, context, errors } = await openPage(b.browser, { locale, width });
      await page.goto(ui.url);
      await checkFile(page, dispatch, 'shipment');
      expect(await counts(page, 'check-title')).toMatchObject({ [words.all]: 3, [words.look(2)]: 2 });
      const warnings = page.locator('details.warnings');
      expect(await warnings.locator('p.hint').innerText()).toContain(words.intro);
      expect(await warnings.innerText()).toContain(words.reason);
      await screenshot(page, `shared-parcel-${lang}-${width}`);
      // Its table scrolls sideways as the rows to fix do (a sheet's columns); no text runs out of its cell.
      if (width < 600)
        expect(await page.evaluate(narrowTables('details.warnings'))).toMatchObject({ clipped: [] });

      // The third order's number was really another: changed in its box, checked again, one word left.
      const box = page.getByRole('textbox', { name: words.box(4) });
      expect(await box.inputValue()).toBe('640123456789');
      await box.fill('640123456790');
      await page.getByRole('button', { name: words.apply }).first().click();
      await page.waitForURL(/#check-title$/);
      expect(await counts(page, 'check-title')).toMatchObject({ [words.all]: 3, [words.look(1)]: 1 });

      await page.getByRole('button', { name: words.send }).click();
      expect(await sendEnded(page)).toBe(words.finished);
      await t.service.local.apply();
      const tracking = async (n: number) =>
        (await t.service.local.order(`${prefix}-${n}`))?.shipments.map(
          (shipment) => shipment.tracking_number,
        );
      expect(await tracking(1)).toEqual(['640123456789']);
      expect(await tracking(2)).toEqual(['640123456789']);
      expect(await tracking(3)).toEqual(['640123456790']);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});

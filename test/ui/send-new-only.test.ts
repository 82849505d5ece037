import { describe, expect, it } from 'vitest';
import { cli, useService } from '../helpers/cli.js';
import { CHROMIUM, openPage, useBrowser } from '../helpers/browser.js';
import { workspace } from '../helpers/files.js';
import { ordersCsv } from '../helpers/samples.js';
import { ownFolders, useUiRuns } from '../helpers/ui.js';
import { checkFile, counts, sendEnded } from '../helpers/ui-page.js';

const t = useService({ applyDelay: { minMs: 0, maxMs: 0 } });
const b = useBrowser();
const uis = useUiRuns();

describe.skipIf(!CHROMIUM)('intake ui: a file of which some orders were sent before', () => {
  it('offers to send the new ones, counted as such, and sends only them', async () => {
    const env = ownFolders(t.env);
    const files = workspace();
    // Three orders sent from the terminal; the day's file has them and two more.
    expect(
      (await cli(['order', 'create', files.write('아침.csv', ordersCsv('NEWONLY', 3))], { env })).code,
    ).toBe(0);
    const jobs = (await t.service.local.jobs()).length;
    const ui = await uis.start(env);
    const { page, context, errors } = await openPage(b.browser, { locale: 'ko-KR' });
    await page.goto(ui.url);
    await checkFile(page, files.write('오후.csv', ordersCsv('NEWONLY', 5)));
    expect(await counts(page, 'check-title')).toMatchObject({ 정상: 5, '이미 보냄 (다시 안 보냄)': 3 });
    await page.getByRole('button', { name: '주문 2건 보내기' }).click();
    expect(await sendEnded(page)).toBe('완료');
    expect(await counts(page, 'results-title')).toEqual({ 접수됨: 2, '이미 등록됨': 3 });
    expect(await t.service.local.jobs()).toHaveLength(jobs + 2);
    expect(errors).toEqual([]);
    await context.close();
  });
});

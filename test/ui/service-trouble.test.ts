import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeNetworkError } from '../../src/client/network.js';
import { PATIENT_RETRY } from '../../src/client/retry.js';
import { networkReasonIn } from '../../src/client/answer-words.js';
import { lineIn } from '../../src/ui/answers.js';
import { CHROMIUM, openPage, screenshot, useBrowser } from '../helpers/browser.js';
import { useService } from '../helpers/cli.js';
import { FIXTURES } from '../helpers/files.js';
import { tempDir } from '../helpers/temp.js';
import { closedPortUrl } from '../helpers/net.js';
import { type UiRun, useUiRuns } from '../helpers/ui.js';
import { checkFile, follow, sendEnded } from '../helpers/ui-page.js';

const HANGUL = /[\uAC00-\uD7A3]/;
/** English words left in a Korean text, addresses and the names HTTP and HTTPS aside. */
const englishIn = (text: string) =>
  text.replace(/https?:\/\/\S*|\bHTTPS?\b/gi, '').match(/[A-Za-z]{3,}/g) ?? [];

describe('a service that cannot be reached or refuses, in Korean', () => {
  it('every reason the client gives for a failed connection has Korean words', () => {
    const codes = [
      'ECONNREFUSED',
      'ENOTFOUND',
      'EAI_AGAIN',
      'UND_ERR_CONNECT_TIMEOUT',
      'UND_ERR_HEADERS_TIMEOUT',
      'ECONNRESET',
      'UND_ERR_SOCKET',
      'ERR_SSL_WRONG_VERSION_NUMBER',
    ];
    const errors = [
      ...codes.map((code) => Object.assign(new Error(code), { code })),
      Object.assign(new Error('error:0A00010B:SSL routines::wrong version number'), { code: 'EPROTO' }),
      Object.assign(new Error('error:0A000086:SSL routines::certificate verify failed'), { code: 'EPROTO' }),
    ];
    for (const error of errors) {
      const korean = networkReasonIn('ko', describeNetworkError(error, 30_000));
      expect(korean, String(error.code)).toMatch(HANGUL);
      expect(englishIn(korean), String(error.code)).toEqual([]);
    }
  });

  it('a record with no definite answer says why in Korean, whichever way it failed', () => {
    const messages = [
      'no answer: connection refused (is the service running?) (4 attempts)',
      'no answer: no answer within 30s (64 attempts)',
      'still rate limited after 64 attempts (HTTP 429): Too many requests',
      'the service failed after 64 attempts (HTTP 503): Service Unavailable',
    ];
    for (const message of messages) {
      const korean = lineIn('ko', { id: 'A-1', rows: [2], outcome: 'failed', message }, 'order');
      expect(korean).toMatch(
        /^서비스 응답을 받지 못했습니다: .*\d+번 시도\. 다시 보내면 없는 것만 보냅니다$/,
      );
      // The service's own words for a 5xx are kept as it gave them; ours are all Korean.
      expect(englishIn(korean.replace(/Too many requests|Service Unavailable/, ''))).toEqual([]);
    }
  });
});

const b = useBrowser();
const t = useService();
const uis = useUiRuns();

/** A Korean browser on the page sends the seven orders of the sample file, and the send fails. */
async function sendThatFails(ui: UiRun) {
  const opened = await openPage(b.browser, { locale: 'ko-KR' });
  const { page } = opened;
  await page.goto(ui.url);
  await checkFile(page, join(FIXTURES, 'orders.csv'));
  await page.getByRole('button', { name: '주문 7건 보내기' }).click();
  expect(await sendEnded(page)).toBe('실패');
  return opened;
}

describe.skipIf(!CHROMIUM)('intake ui when the service is not there or refuses the key', () => {
  it('a send to a service that is not running ends at once, said in Korean on the page and on Connection', async () => {
    const url = await closedPortUrl();
    const ui = await uis.start(
      { ...t.env, INTAKE_BASE_URL: url, INTAKE_DATA_DIR: tempDir('intake-data-') },
      // The upload's own policy (a minute's patience once the service has answered), quicker waits.
      { patientRetry: { ...PATIENT_RETRY, baseDelayMs: 5, maxDelayMs: 20 } },
    );
    const { page, context, errors } = await sendThatFails(ui);
    const alert = await page.locator('#results .error-box, .error-box').first().innerText();
    expect(alert).toBe(
      `${url}에 연결할 수 없습니다: 연결이 거부되었습니다 (서비스가 실행 중인지 확인하세요)`,
    );
    const table = await page.locator('table').filter({ hasText: 'ORD-' }).innerText();
    expect(table).toContain('내용');
    expect(table).not.toContain('마켓');
    expect(table).toContain('서비스 응답을 받지 못했습니다: 연결이 거부되었습니다');
    expect(table).not.toMatch(/no answer|connection refused|attempts/);
    // In the sheet's order, whatever order the answers came in.
    const firstCells = await page
      .locator('table')
      .filter({ hasText: 'ORD-' })
      .locator('tbody tr td:first-child')
      .allInnerTexts();
    expect(firstCells).toEqual(['2, 3, 8', '4', '5, 6', '7', '9, 10', '11', '12']);
    await screenshot(page, 'unreachable-ko');

    await page.getByRole('link', { name: '연결 상태' }).click();
    const facts = await page.locator('dl.facts').innerText();
    expect(facts).toContain(`${url}에 연결할 수 없습니다: 연결이 거부되었습니다`);
    expect(englishIn(facts.replace(/AK\w+/g, ''))).toEqual([]);

    // The same in English says it as the terminal does.
    await follow(page, page.getByRole('link', { name: 'English' }));
    expect(await page.locator('dl.facts').innerText()).toContain(
      `cannot reach ${url}: connection refused (is the service running?)`,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a send with a secret the service refuses stops, said in Korean; Connection says the key is not valid, in Korean', async () => {
    const ui = await uis.start({
      ...t.env,
      INTAKE_SECRET_ACCESS_KEY: 'wrong',
      INTAKE_DATA_DIR: tempDir('intake-data-'),
    });
    const { page, context, errors } = await sendThatFails(ui);
    expect(await page.locator('.error-box').first().innerText()).toBe(
      '서비스가 인증 정보를 받지 않았습니다: 비밀 키가 맞지 않습니다',
    );
    await page.getByRole('link', { name: '연결 상태' }).click();
    const facts = await page.locator('dl.facts').innerText();
    expect(facts).toContain('유효하지 않음: 비밀 키가 맞지 않습니다');
    expect(facts).not.toContain('Secret access key');
    expect(errors).toEqual([]);
    await context.close();
  });
});

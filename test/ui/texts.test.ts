import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { invalidReasonIn } from '../../src/bulk/index.js';
import { fieldsIn, lineIn, troubleIn } from '../../src/ui/answers.js';
import { pageColumnNames } from '../../src/ui/column-words.js';
import { UI_DICTIONARIES, uiTexts } from '../../src/ui/texts/index.js';

describe('the texts of intake ui', () => {
  it('no two dictionaries name the same text: a later one would silently reword the other’s pages', () => {
    const owner = new Map<string, string>();
    const shared: string[] = [];
    for (const [name, dictionary] of Object.entries(UI_DICTIONARIES)) {
      for (const key of Object.keys(dictionary)) {
        const first = owner.get(key);
        if (first) shared.push(`${key} (${first}, ${name})`);
        else owner.set(key, name);
      }
    }
    expect(shared).toEqual([]);
  });

  it('every text is said somewhere: a text no page uses any more is a translation kept for nothing', () => {
    const root = join(import.meta.dirname, '..', '..', 'src');
    const code = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.startsWith(join('ui', 'texts')))
      .map((file) => readFileSync(join(root, file), 'utf8'))
      .join('\n');
    // Named whole (`t('key')`, `{ label: 'key' }`), or by a prefix the code completes (`state_${…}`); a
    // count's singular (`key_one`) is taken by its text's own name.
    const said = (key: string) =>
      new RegExp(`['"\`]${key}['"\`]`).test(code) ||
      key
        .split('_')
        .slice(0, -1)
        .some((_, at, parts) => code.includes(`\`${parts.slice(0, at + 1).join('_')}_\${`));
    const unsaid = Object.values(UI_DICTIONARIES)
      .flatMap((dictionary) => Object.keys(dictionary))
      .map((key) => key.replace(/_one$/, ''))
      .filter((key) => !said(key));
    expect(unsaid).toEqual([]);
  });

  it('an upload’s results table heads its messages as the service’s, a pull’s as the marketplace’s', () => {
    expect(uiTexts('ko')('messageHeader')).toBe('내용');
    expect(uiTexts('en')('messageHeader')).toBe('Message');
    expect(uiTexts('ko')('marketMessageHeader')).toBe('마켓 응답');
  });

  it('say what a product list needs in plain words in both languages: an id, and a name, an image or both', () => {
    expect(uiTexts('en')('catalogHint')).toMatch(
      /^A CSV or \.xlsx with an id column, and a name or image_url column \(or both\):/,
    );
    expect(uiTexts('ko')('catalogHint')).toMatch(/^id 열과 name이나 image_url 열\(또는 둘 다\)이 있는/);
  });
});

describe('the fields a record differs in, as people know them', () => {
  const changed = {
    rows: [3],
    id: 'A',
    outcome: 'changed' as const,
    message: '',
    fields: ['recipient_name'],
  };
  const smartstore = { header: ['상품주문번호', '수취인명'], columns: { recipient_name: [1] } };
  const ours = { header: ['order_id', 'recipient_name'], columns: { recipient_name: [1] } };
  it('by the file’s own header where it names them otherwise, else in the page’s words', () => {
    expect(lineIn('ko', changed, 'order', smartstore)).toMatch(
      /^이전에 보낸 내용과 수취인명이\(가\) 다릅니다/,
    );
    expect(lineIn('en', changed, 'order', smartstore)).toMatch(/^수취인명 differ from what the service/);
    expect(lineIn('ko', changed, 'order', ours)).toMatch(/^이전에 보낸 내용과 수령인 이름이\(가\) 다릅니다/);
    expect(lineIn('en', changed, 'order', ours)).toMatch(/^recipient_name differ from what the service/);
    expect(fieldsIn('ko', ['recipient_name', 'items'], undefined)).toBe('수령인 이름, 품목');
  });
});

describe('a refusal’s fields, as the file names them', () => {
  const refused = (message: string) => ({
    rows: [2],
    id: 'A kr.epost 1',
    outcome: 'rejected' as const,
    status: 422,
    message,
  });
  const dispatch = {
    header: ['주문번호', '상품주문번호', '택배사', '송장번호'],
    columns: { order_id: [0], order_item_id: [1], company_code: [2], tracking_number: [3] },
  };
  const two =
    "order_item_ids[0]: Value error, 'A-9' is not an item of order 'A'; " +
    "order_item_ids[1]: Value error, 'A-8' is not an item of order 'A'";
  it('each issue by the sheet’s header, its place in the list left to the row', () => {
    expect(lineIn('en', refused(two), 'shipment', dispatch)).toBe(
      "The service refused it (HTTP 422): 상품주문번호: 'A-9' is not an item of order 'A'; 상품주문번호: 'A-8' is not an item of order 'A'",
    );
    expect(lineIn('ko', refused(two), 'shipment', dispatch)).toBe(
      '서비스가 받지 않았습니다 (HTTP 422): 상품주문번호: 품목 A-9은(는) 주문 A의 품목이 아닙니다; 상품주문번호: 품목 A-8은(는) 주문 A의 품목이 아닙니다',
    );
  });
  it('as the service does where the file has no header of its own for it, or no header at all', () => {
    const ours = { header: ['order_id', 'order_item_ids'], columns: { order_item_ids: [1] } };
    // The framework's label before a rule's words ("Value error, ") is left out on the page.
    const plain =
      "The service refused it (HTTP 422): order_item_ids[0]: 'A-9' is not an item of order 'A'; order_item_ids[1]: 'A-8' is not an item of order 'A'";
    expect(lineIn('en', refused(two), 'shipment', ours)).toBe(plain);
    expect(lineIn('en', refused(two), 'shipment', undefined)).toBe(plain);
    expect(lineIn('en', refused("Value error, it's 'A'"), 'shipment', undefined)).toBe(
      "The service refused it (HTTP 422): it's 'A'",
    );
    // An answer that names no field is given as it came, after the words that say it is a refusal.
    expect(lineIn('en', refused("Order 'A' not found."), 'shipment', dispatch)).toBe(
      "The service refused it (HTTP 422): Order 'A' not found.",
    );
  });
});

describe('a problem’s column as the page names it', () => {
  const smartstore = { header: ['상품주문번호', '수취인명'], columns: { item_id: [0], recipient_name: [1] } };
  it('by the file’s header, else (a column the file lacks) in the page’s words, else as it is', () => {
    const ko = pageColumnNames(uiTexts('ko'), smartstore);
    expect(['recipient_name', 'product_image_url', 'items.0.x'].map(ko)).toEqual([
      '수취인명',
      '상품 이미지 주소',
      'items.0.x',
    ]);
    expect(pageColumnNames(uiTexts('en'), smartstore)('product_image_url')).toBe('Product image URL');
  });
});

describe('why a record whose own rows are fine was not sent, in Korean', () => {
  const problems = (row: number) => (row === 7 ? '수취인연락처1: 숫자가 없습니다' : undefined);
  it.each([
    ['item id A-1 is also used by order B (row 11)', '품목 A-1은(는) 주문 B(11행)에도 있습니다'],
    ['rows of order A disagree', '주문 A의 행들이 서로 다릅니다'],
    ['row 7: recipient_cellphone: has no digits', '7행: 수취인연락처1: 숫자가 없습니다'],
    [
      'another row of this record is invalid: row 7: recipient_cellphone: has no digits',
      '이 주문의 다른 행에 문제가 있습니다: 7행: 수취인연락처1: 숫자가 없습니다',
    ],
    ['has 101 or more rows; at most 100 are allowed', '행이 101개 이상입니다. 주문 하나에 100개까지입니다'],
    [
      'has 65,535 or more rows; at most 1,000 are allowed (is its id read from the right column?)',
      '행이 65,535개 이상입니다. 주문 하나에 1,000개까지입니다 (주문번호를 맞는 열에서 읽었는지 확인하세요)',
    ],
    [
      'the same id is in 3 rows, each with other data: keep one',
      '같은 번호가 3개 행에 있고 내용이 서로 다릅니다. 하나만 남기세요',
    ],
    [
      'is 1.2 MB as JSON; the service takes at most 1 MiB per request',
      'JSON으로 1.2 MB입니다. 서비스는 요청 하나에 1 MiB까지 받습니다',
    ],
  ])('%s', (english, korean) => {
    expect(invalidReasonIn('ko', english, problems)).toBe(korean);
    expect(invalidReasonIn('en', english, problems)).toBe(english);
  });
});

describe('what went wrong with the service, in Korean', () => {
  it.each([
    [401, 'Secret access key was invalid.', '서비스가 인증 정보를 받지 않았습니다: 비밀 키가 맞지 않습니다'],
    [503, 'Service Unavailable', '서비스에 문제가 있습니다 (HTTP 503): Service Unavailable'],
    [
      404,
      "Order 'A' not found.",
      '서비스가 요청을 받지 않았습니다 (HTTP 404): 주문 A을(를) 찾을 수 없습니다',
    ],
  ])('HTTP %i', (status, detail, korean) => {
    const trouble = { code: 'service_refused', values: { status, detail } } as const;
    expect(troubleIn('ko', trouble)).toBe(korean);
    expect(troubleIn('en', trouble)).toBe(`${detail} (HTTP ${status})`);
  });
});

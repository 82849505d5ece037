import { ORDERS_HEADER } from '../helpers/samples.js';
import { describe, expect, it } from 'vitest';
import { checkUnits } from '../../src/bulk/check/check.js';
import { problemFromIssue, type Problem } from '../../src/bulk/problems.js';
import {
  check,
  OrderCreateBody,
  ProductCreateBody,
  ShipmentCreateBody,
  type ValidationIssue,
} from '../../src/contract/index.js';
import { openInput } from '../../src/bulk/read/source.js';
import { openUnits } from '../../src/bulk/layout/units.js';
import { orders } from '../../src/bulk/resources.js';
import { IdWatch } from '../../src/input/id-watch.js';
import { uploadOptions } from '../../src/commands/shared/upload-options.js';
import { noteIn, problemIn, problemsIn, sayIn } from '../../src/bulk/said-words.js';
import { workspace } from '../helpers/files.js';

const IMAGE = 'https://shop.example.com/p.jpg';

/** Every problem the check finds in `lines` (an orders CSV without its header), by row. */
async function problemsOf(lines: readonly string[]): Promise<Map<number, readonly Problem[]>> {
  const path = workspace().write('orders.csv', [ORDERS_HEADER, ...lines].join('\n'));
  const units = await openUnits(await openInput({} as never, path), 'csv', orders as never, {
    options: uploadOptions({ concurrency: '1', resume: true }),
    context: { ids: new IdWatch() },
    password: () => Promise.reject(new Error('no password here')),
  });
  return new Map((await checkUnits(units)).problems.listed());
}

describe('what the check finds, in Korean', () => {
  it('every problem of a sheet full of mistakes has Korean words, and English keeps the terminal’s', async () => {
    const problems = await problemsOf([
      `A,,010-1234-5678,A-1,P-1,감귤,${IMAGE}`,
      `B,김민지,1012345678,B-1,P-1,감귤,${IMAGE}`,
      `C,김민지,010-1234-5678,1.23E+15,P-1,감귤,${IMAGE}`,
      `D,김민지,010-1234-5678,D-1,P-1,감귤,img/p.jpg`,
      `R,김민지,010-1234-5678,R-1,P-1,감귤,shop.example.com/p.jpg`,
      `E,김민지,010-1234-5678,E-1,P-1,감귤,ftp://shop.example.com/p.jpg`,
      `F,김민지,010-1234-5678,F-1,${'P'.repeat(300)},감귤,${IMAGE}`,
      `G,김민지,010-1234-5678,G-1,P-1,감귤,${IMAGE}`,
      `G,박지훈,010-1234-5678,G-2,P-1,감귤,${IMAGE}`,
      `L,김민지,010-123-456,L-1,P-1,감귤,${IMAGE}`,
      `M,김민지,연락처없음,M-1,P-1,감귤,${IMAGE}`,
      `N,김민지,010-12a4-5678,N-1,P-1,감귤,${IMAGE}`,
      `Q,김민지,010-****-5678,Q-1,P-1,감귤,${IMAGE}`,
      `O,김민지,090-1234-5678,O-1,P-1,감귤,${IMAGE}`,
      `H,김민지,010-1234-5678,H-1,P-1,감귤,${IMAGE}`,
      `H,김민지,010-1234-5678,H-1,P-2,한라봉,${IMAGE}`,
      `K,김민지,010-1234-5678,K-1,P-1,감귤,${IMAGE}`,
      `I,김민지,010-1234-5678,K-1,P-1,감귤,${IMAGE}`,
      `J,김민지,010-1234-5678,J-1,P-9,,${IMAGE}`,
    ]);
    const all = [...problems.values()].flat();
    expect(new Set(all.map((problem) => problem.said?.code))).toEqual(
      new Set([
        'empty',
        'excel_damage',
        'url_parsing',
        'url_no_scheme',
        'url_scheme',
        'string_too_long',
        'order_rows_differ',
        'item_twice',
        'item_in_other_order',
        'missing_product_data',
        'phone_length',
        'phone_no_digits',
        'phone_characters',
        'phone_masked',
        'phone_prefix',
      ]),
    );
    for (const problem of all) {
      const korean = problemIn('ko', problem);
      expect(korean, problem.message).toMatch(/[가-힣]/);
      expect(korean).not.toBe(problem.message);
      // English is the terminal's words, but where those name a flag or a command: the page has its own.
      const english = problemIn('en', problem);
      if (/--[a-z]|intake [a-z]/.test(problem.message)) {
        expect(english).not.toMatch(/--[a-z]|intake [a-z]/);
      } else if (problem.said?.code !== 'order_rows_differ') expect(english).toBe(problem.message);
    }
    const noScheme = all.find((problem) => problem.said?.code === 'url_no_scheme') as Problem;
    expect(noScheme.message).toBe(
      'Input should be a valid URL, relative URL without a base: it lacks its https:// (https://shop.example.com/p.jpg?)',
    );
    expect(problemIn('ko', noScheme)).toBe('주소 앞에 https://가 없습니다 (https://shop.example.com/p.jpg?)');
    const phone = problems.get(3)?.[0] as Problem;
    expect(problemIn('ko', phone)).toBe(
      '맨 앞의 0이 빠진 휴대폰 번호로 보입니다 (01012345678?). 엑셀에서 이 열의 서식을 텍스트로 지정하고 다시 내보내세요',
    );
    expect(problemsIn('ko', [phone])).toBe(`recipient_cellphone ("1012345678"): ${problemIn('ko', phone)}`);
    expect(problemsIn('en', [phone])).toBe(`recipient_cellphone ("1012345678"): ${phone.message}`);
  });

  it('the contract’s rules across fields are said in Korean, each with the value it is about', () => {
    const shipment = check(
      ShipmentCreateBody,
      { order_item_ids: ['A-1', 'A-1'], company_code: 'self', tracking_number: '640012345678' },
      [],
    );
    const item = { id: 'B-1', product: { id: 'P-1', name: '감귤', image_url: IMAGE } };
    const order = check(
      OrderCreateBody,
      { id: 'B', recipient_name: '김민지', recipient_cellphone: '010-1234-5678', items: [item, item] },
      [],
    );
    const issues = [shipment, order].flatMap((checked) => (checked.ok ? [] : checked.issues));
    expect(issues.map((issue) => problemIn('ko', problemFromIssue(issue, '', '')))).toEqual([
      '품목 번호 A-1이(가) 두 번 이상 있습니다',
      '택배사가 self(직접 배송)이면 운송장 번호도 self여야 합니다',
      '품목 번호 B-1이(가) 이 주문에 두 번 있습니다',
    ]);
    const products = [
      { id: 'U-1', name: '감귤', image_url: 'https://x.example.com/a b.jpg' },
      { id: 'U-2', name: '감귤', image_url: ' https://x.example.com/a.jpg' },
      { id: 'U-3', name: '감귤', image_url: 'https:///a.jpg' },
      { id: 'U-4', name: '감\u0000귤', image_url: 'https://x.example.com/a.jpg' },
      { id: 'U-5', name: '감\ud83c귤', image_url: 'https://x.example.com/a.jpg' },
    ].map((product) => check(ProductCreateBody, product, []));
    expect(
      products.flatMap((checked) =>
        checked.ok ? [] : checked.issues.map((issue) => problemIn('ko', problemFromIssue(issue, '', ''))),
      ),
    ).toEqual([
      '주소 안에 띄어쓰기가 있습니다. 띄어쓰기 없이 적으세요 (주소의 띄어쓰기는 %20)',
      '주소 앞이나 뒤에 띄어쓰기가 있습니다. 지우세요',
      '주소에 사이트 이름(도메인)이 없습니다. https:// 다음에 도메인을 적으세요',
      '보이지 않는 NUL 문자가 들어 있습니다. 지우고 다시 적으세요',
      '깨진 글자(짝이 없는 유니코드 서로게이트)가 들어 있습니다. 그 글자를 지우고 다시 적으세요',
    ]);
    // English is the service's own words, without its framework's label ("Value error, ").
    expect(problemIn('en', problemFromIssue(issues[1] as ValidationIssue, '', ''))).toBe(
      "tracking_number must be 'self' when company_code is 'self'",
    );
  });

  it('ids a spreadsheet rounded are said in Korean', async () => {
    const problems = await problemsOf([
      `1234567890123450000,김민지,010-1234-5678,A-1,P-1,감귤,${IMAGE}`,
      `1234567890123460000,김민지,010-1234-5678,B-1,P-1,감귤,${IMAGE}`,
    ]);
    const all = [...problems.values()].flat();
    expect(all.map((problem) => problem.said?.code)).toEqual(['rounded_ids', 'rounded_ids']);
    expect(problemIn('ko', all[0] as Problem)).toMatch(/^16자리 이상이고 0으로 끝납니다/);
  });

  it('a value not among the contract’s is said with its alternatives, "또는" before the last', () => {
    const problem: Problem = {
      message: "Input should be 'self', 'kr.epost' or 'un.upu.ems'",
      said: { code: 'enum', values: { expected: "'self', 'kr.epost' or 'un.upu.ems'" } },
    };
    expect(problemIn('ko', problem)).toBe("'self', 'kr.epost' 또는 'un.upu.ems' 중 하나여야 합니다");
  });

  it('what has no Korean words is said as given, and a note without a code too', () => {
    const problem: Problem = { message: 'Value error, something new', said: { code: 'value_error' } };
    expect(problemIn('ko', problem)).toBe('something new');
    expect(problemIn('en', { message: 'Value error, no code' })).toBe('no code');
    // A terminal gives it as the service said it.
    expect(sayIn('en', problem.message, problem.said, 'terminal')).toBe('Value error, something new');
    expect(noteIn('ko', { text: 'Another upload is using the ledger' })).toBe(
      'Another upload is using the ledger',
    );
    expect(
      noteIn('ko', {
        text: 'x',
        said: {
          code: 'check_summary',
          values: {
            file: 'a.csv',
            kind: 'shipment',
            unit: 'row',
            records: 1200,
            units: 1300,
            invalid: 0,
            repeated: 2,
            unshipped: 98,
          },
        },
      }),
    ).toBe(
      'a.csv: 1,300행에서 송장 1,200건, 모두 올바름, 반복된 행 2개 건너뜀, 운송장 번호가 없는 행 98개 건너뜀 (아직 발송 전)',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { errorLineKo } from '../../src/cli/error-words.js';
import { cli } from '../helpers/cli.js';
import { workspace } from '../helpers/files.js';
import { tempDir } from '../helpers/temp.js';

describe('what an upload says of its input and flags when it cannot go on, at a Korean terminal', () => {
  it.each([
    [
      '주문.csv is not valid CSV (near line 1): Quote Not Closed: the parsing is finished with an opening quote at line 1',
      '주문.csv은(는) 올바른 CSV가 아닙니다 (1번째 줄 근처): 따옴표(")가 닫히지 않았습니다',
    ],
    [
      '주문.csv: row 3 is over 4 MB; is a quote left open?',
      '주문.csv: 3행이 4MB를 넘습니다. 닫히지 않은 따옴표(")가 있지 않나요?',
    ],
    ['주문.json: the JSON array is not closed with ]', '주문.json: JSON 배열이 ]로 닫히지 않았습니다'],
    [
      '주문.json holds a JSON null, not an object or a list of them',
      '주문.json에는 JSON 객체나 그 목록이 아니라 null 값 하나만 있습니다',
    ],
    [
      '주문.json holds a JSON number, not an object or a list of them',
      '주문.json에는 JSON 객체나 그 목록이 아니라 숫자 값 하나만 있습니다',
    ],
    [
      '주문.json is not JSON: it starts with "abc"',
      '주문.json은(는) JSON이 아닙니다: "abc"(으)로 시작합니다',
    ],
    ['there is no preset "nope"', '"nope"(이)라는 양식이 없습니다'],
    [
      'the preset smartstore-dispatch is for shipments, not orders',
      'smartstore-dispatch 양식은 송장 파일용이고 주문 파일용이 아닙니다',
    ],
    [
      '  Presets for orders: cafe24-orders, smartstore-orders (intake columns list)',
      '  주문 양식: cafe24-orders, smartstore-orders (intake columns list)',
    ],
    ['--columns: "abc" is not name=header', '--columns: "abc"은(는) 이름=머리글 모양이 아닙니다'],
    [
      '--columns file 열.json: "주문" is not a column of this layout',
      '--columns 파일 열.json: "주문"은(는) 이 양식의 열이 아닙니다',
    ],
    ['주문.csv is 60 MB; at most 50 MB is read', '주문.csv은(는) 60 MB입니다. 50 MB까지만 읽습니다'],
    [
      '--report 주문.csv is the input: the report would be written over it',
      '--report 주문.csv은(는) 올리는 파일입니다: 보고서가 그 위에 덮어쓰입니다',
    ],
    [
      'the upload ledger /d/ledger.db is damaged (file is not a database)',
      '업로드 기록 /d/ledger.db이(가) 손상되었습니다 (file is not a database)',
    ],
    [
      'another upload is using the ledger (process 123)',
      '다른 업로드가 업로드 기록을 쓰고 있습니다 (process 123)',
    ],
    ['give --name, --image-url or both', '--name이나 --image-url, 또는 둘 다 주세요'],
    [
      "the product id is 80 characters long; the service's ids have at most 64",
      '상품 번호가 80자입니다. 서비스의 번호는 64자까지입니다',
    ],
    ['unknown marketplace "11st"', '알 수 없는 마켓입니다: "11st"'],
    [
      '--from: Input should be a valid date or datetime, month value is outside expected range of 1-12 ("2026-13-01")',
      '--from: 올바른 날짜가 아닙니다. 월은 1에서 12 사이여야 합니다 ("2026-13-01"). 2026-11-22처럼 적으세요',
    ],
    [
      '--from 2026-12-05 is later than --to 2026-12-01',
      '--from 2026-12-05이(가) --to 2026-12-01보다 늦습니다',
    ],
    // A workbook that is no workbook Excel writes (zip.ts, parts.ts, shared-strings.ts).
    [
      '주문.xlsx has 12,000 parts; a workbook has a few dozen (at most 10,000 are read)',
      '주문.xlsx은(는) 12,000개 부분으로 되어 있습니다. 엑셀 파일은 보통 수십 개로 되어 있습니다 (10,000개까지 읽습니다)',
    ],
    [
      '주문.xlsx has no relationships (_rels/.rels); is it a complete .xlsx file?',
      '주문.xlsx에 관계 정보가 없습니다 (_rels/.rels). 온전한 .xlsx 파일이 맞나요?',
    ],
    [
      'the sheet "주문" of 주문.xlsx is encrypted inside the zip, which Excel never does',
      '주문.xlsx의 "주문" 시트가 zip 안에서 암호화되어 있습니다. 엑셀은 이렇게 저장하지 않습니다',
    ],
    [
      'the shared strings of 주문.xlsx is 2 GB uncompressed; at most 1 GB is read',
      '주문.xlsx의 공유 문자열은 압축을 풀면 2 GB입니다. 1 GB까지만 읽습니다',
    ],
    [
      '주문.xlsx has over 33,554,432 distinct texts; at most that many are read',
      '주문.xlsx에 서로 다른 글이 33,554,432개가 넘습니다. 그만큼까지만 읽습니다',
    ],
    ['Split the workbook, or export the sheet as CSV.', '파일을 나누거나 시트를 CSV로 내보내세요.'],
  ])('%s', (english, korean) => {
    expect(errorLineKo(english)).toBe(korean);
  });

  it('as the commands say them', async () => {
    const env = {
      LANG: 'ko_KR.UTF-8',
      INTAKE_CONFIG_DIR: tempDir('intake-config-'),
      INTAKE_DATA_DIR: tempDir('intake-data-'),
    };
    const files = workspace();
    const quote = await cli(['order', 'create', files.write('q.csv', 'a,"b\n'), '--dry-run'], { env });
    expect(quote.code).toBe(2);
    expect(quote.stderr).toContain(
      'q.csv은(는) 올바른 CSV가 아닙니다 (1번째 줄 근처): 따옴표(")가 닫히지 않았습니다',
    );
    const name = await cli(['catalog', 'set', 'P-9'], { env });
    expect(name.code).toBe(2);
    expect(name.stderr).toBe('오류: --name이나 --image-url, 또는 둘 다 주세요\n');
    const date = await cli(['rewards', 'list', '--from', '2026-13-01'], { env });
    expect(date.code).toBe(2);
    expect(date.stderr).toContain('--from: 올바른 날짜가 아닙니다. 월은 1에서 12 사이여야 합니다');
  });
});

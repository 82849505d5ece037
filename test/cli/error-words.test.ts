import { describe, expect, it } from 'vitest';
import { errorLineKo } from '../../src/cli/error-words.js';
import { placeKo } from '../../src/cli/header-error-words.js';
import { sayIn } from '../../src/bulk/said-words.js';
import { KeychainFailed } from '../../src/cli/secrets.js';

describe('an error line at a Korean terminal', () => {
  it.each([
    ['주문.xlsx is protected by a password', '주문.xlsx은(는) 암호가 걸린 엑셀 파일입니다'],
    [
      `  Give it on standard input: printf '%s' "$PASSWORD" | intake … --password-stdin`,
      `  암호를 표준 입력으로 주세요: printf '%s' "$PASSWORD" | intake … --password-stdin`,
    ],
    ['the password does not open 주문.xlsx', '이 암호로는 주문.xlsx을(를) 열 수 없습니다'],
    [
      'cannot use the config folder /etc/passwd: a part of its path is a file, not a folder',
      '설정 폴더 /etc/passwd을(를) 쓸 수 없습니다: 경로의 일부가 폴더가 아니라 파일입니다',
    ],
    ['  Set INTAKE_CONFIG_DIR to a folder of yours.', '  INTAKE_CONFIG_DIR를 내 폴더로 설정하세요.'],
    [
      'cannot use the folder /srv/x for intake ui: permission denied',
      'intake ui가 폴더 /srv/x을(를) 쓸 수 없습니다: 읽을 권한이 없습니다',
    ],
    ['profile "shop" has no sandbox_base_url', '프로필 "shop"에 sandbox_base_url이 없습니다'],
    ['"FETCH" is not an HTTP method: GET, POST', '"FETCH"은(는) HTTP 메서드가 아닙니다: GET, POST'],
    [
      'the path must start with /, as in /api/v1/health/ (not "health")',
      '경로는 /api/v1/health/처럼 /로 시작해야 합니다. "health"은(는) /로 시작하지 않습니다',
    ],
    ['-f "a" is not key=value', '-f "a"은(는) 키=값 모양이 아닙니다'],
    [
      '--workers needs --database-url: a SQLite data folder has one writer, one process',
      '--workers에는 --database-url이 필요합니다. SQLite 데이터 폴더는 한 프로세스만 씁니다',
    ],
    [
      'give --data or INTAKE_SERVE_DATABASE_URL, not both',
      '--data와 INTAKE_SERVE_DATABASE_URL 중 하나만 주세요',
    ],
    ['--carriers c.json is not a list of carriers:', '--carriers c.json은(는) 택배사 목록이 아닙니다:'],
    [
      'c.json (intake config set carriers) is not a list of carriers:',
      'c.json (intake config set carriers)은(는) 택배사 목록이 아닙니다:',
    ],
    ['invalid date range:', '기간이 올바르지 않습니다:'],
    ['the first merchant cannot be made so:', '첫 판매자를 이대로 만들 수 없습니다:'],
    [
      '  Check the password (it is case-sensitive) and try again.',
      '  암호를 확인하고 (대소문자를 구분합니다) 다시 실행하세요.',
    ],
    ['cannot read 주문.csv: permission denied', '주문.csv을(를) 읽을 수 없습니다: 읽을 권한이 없습니다'],
    ['주문.csv has no header row', '주문.csv에서 머리글 행을 찾지 못했습니다'],
    [
      'cannot reach http://127.0.0.1:8080: no answer within 30s',
      'http://127.0.0.1:8080에 연결할 수 없습니다: 30초 안에 응답이 없었습니다',
    ],
    [
      'the service failed: Internal Server Error (HTTP 500 from POST http://127.0.0.1:8080/api/v1/orders/)',
      '서비스 오류: Internal Server Error (HTTP 500, POST http://127.0.0.1:8080/api/v1/orders/)',
    ],
    ['the service rejected the request (HTTP 422):', '서비스가 요청을 받지 않았습니다 (HTTP 422):'],
    [
      'cannot listen on 127.0.0.1:80: this user may not use that port',
      '127.0.0.1:80에서 받을 수 없습니다: 이 사용자는 그 포트를 쓸 수 없습니다',
    ],
    [
      '  Ports below 1024 need administrator rights: give one from 1024 up with --port.',
      '  1024보다 작은 포트는 관리자 권한이 있어야 합니다: --port로 1024 이상을 주세요.',
    ],
    [
      'cannot listen on 192.0.2.1:8080: 192.0.2.1 is not an address of this machine',
      '192.0.2.1:8080에서 받을 수 없습니다: 192.0.2.1은(는) 이 컴퓨터의 주소가 아닙니다',
    ],
    [
      'cannot listen on nowhere.invalid:8080: no host is called nowhere.invalid',
      'nowhere.invalid:8080에서 받을 수 없습니다: nowhere.invalid(이)라는 호스트가 없습니다',
    ],
    [
      '  Use --host 127.0.0.1 (this machine only) or --host 0.0.0.0 (every network it is on).',
      '  --host 127.0.0.1(이 컴퓨터에서만) 또는 --host 0.0.0.0(연결된 모든 네트워크)을 쓰세요.',
    ],
    [
      '  Give another with --port, or leave --port out for a free one.',
      '  --port로 다른 포트를 주거나, --port를 빼고 실행해 빈 포트를 쓰세요.',
    ],
    [
      'no access key id is set, so there is no ledger to show',
      '액세스 키 ID가 정해지지 않아 보여 줄 업로드 기록이 없습니다',
    ],
    [
      '  Choose one with --profile, or set INTAKE_ACCESS_KEY_ID.',
      '  --profile로 고르거나 INTAKE_ACCESS_KEY_ID를 설정하세요.',
    ],
    [
      `the secret of profile "shop" is missing from the Secret Service (D-Bus)`,
      '프로필 "shop"의 비밀 키가 Secret Service (D-Bus)에 없습니다',
    ],
    [
      '  Store it again with: intake login --profile shop',
      '  intake login --profile shop(으)로 다시 저장하세요',
    ],
    [
      'INTAKE_SECRET_ACCESS_KEY is not set (the other one is)',
      'INTAKE_SECRET_ACCESS_KEY이(가) 설정되지 않았습니다 (다른 하나만 설정되어 있습니다)',
    ],
    [
      'the data folder /srv/intake is in use by another intake serve',
      '다른 intake serve가 데이터 폴더 /srv/intake을(를) 쓰고 있습니다',
    ],
    [
      '  Stop that one first, or give this one its own folder with --data.',
      '  그 서비스를 먼저 멈추거나, --data로 이 서비스에 따로 폴더를 주세요.',
    ],
    [
      'cannot open the source /srv/intake: /srv/intake/intake.db is in use by another process (the data folder of intake serve)',
      '복사할 원본 /srv/intake을(를) 열 수 없습니다: 다른 프로세스가 /srv/intake/intake.db을(를) 쓰고 있습니다 (intake serve의 데이터 폴더)',
    ],
    [
      'cannot open the database postgres://intake@127.0.0.1/sandbox: the database holds no intake service yet: create its schema as its owner (intake serve migrate)',
      '데이터베이스 postgres://intake@127.0.0.1/sandbox을(를) 열 수 없습니다: 데이터베이스에 아직 intake 서비스가 없습니다: 데이터베이스 소유자로 스키마를 만드세요 (intake serve migrate)',
    ],
    [
      'cannot open the upload ledger /home/shop/.local/share/intake/ledger.db: /home/shop/.local/share/intake/ledger.db is in use by another process (the upload ledger)',
      '업로드 기록 /home/shop/.local/share/intake/ledger.db을(를) 열 수 없습니다: 다른 프로세스가 /home/shop/.local/share/intake/ledger.db을(를) 쓰고 있습니다 (업로드 기록)',
    ],
    [
      '  Intake keeps what uploads sent there; set INTAKE_DATA_DIR to use another folder.',
      '  Intake는 업로드로 보낸 것을 그곳에 기록합니다. 다른 폴더를 쓰려면 INTAKE_DATA_DIR을 설정하세요.',
    ],
    [
      'timeout "soon" (from profile "shop") is not a duration such as 30s or 2m',
      '시간 제한 "soon"(프로필 "shop")이(가) 30s나 2m 같은 시간이 아닙니다',
    ],
    ['  Did you mean https://intake.example.com?', '  혹시 https://intake.example.com 주소인가요?'],
    ['intake has no command or topic "exit-code"', 'intake에 "exit-code"(이)라는 명령이나 주제가 없습니다'],
    ['intake order has no command "lst"', 'intake order에 "lst"(이)라는 명령이 없습니다'],
    ['  Did you mean "exit-codes"?', '  혹시 "exit-codes"?'],
    ['  Commands: create, patch', '  명령: create, patch'],
    ['  Topics: environment, exit-codes, formats', '  주제: environment, exit-codes, formats'],
    [
      'base URL "https://intake.example.com/api/v1" (from --base-url) ends in /api/v1',
      '서비스 주소 "https://intake.example.com/api/v1"(--base-url)이(가) /api/v1로 끝납니다',
    ],
    [
      "  Give the service's address without it: https://intake.example.com (intake adds /api/v1/... to every request).",
      '  그것을 뺀 서비스 주소를 주세요: https://intake.example.com (intake가 요청마다 /api/v1/...을 붙입니다).',
    ],
    [
      'cafe24_base_url must be the Cafe24 API\'s http(s) address, {mall_id} where the mall goes, not "x"',
      'cafe24_base_url에는 카페24 API의 http(s) 주소 (쇼핑몰 ID가 들어갈 자리에 {mall_id})을(를) 주세요 ("x"은(는) 쓸 수 없습니다)',
    ],
    [
      'cannot open a browser (no display): open the address above',
      'cannot open a browser (no display): open the address above',
    ],
    [
      'the database was written by a newer intake (schema 9, this build knows 8); upgrade intake',
      '더 새로운 intake가 쓴 데이터베이스입니다 (스키마 9, 이 intake는 8까지 압니다). intake를 업데이트하세요',
    ],
    [
      '/srv/copy: the target already holds a service (it has merchants); nothing was copied',
      '/srv/copy: 대상에 이미 서비스가 있습니다 (판매자가 있습니다). 아무것도 복사하지 않았습니다',
    ],
    [
      '/srv/none holds no data of intake serve (no intake.db)',
      '/srv/none에 intake serve의 데이터가 없습니다',
    ],
    [
      "give --data or --to, not both: --data is the service's folder, as --to",
      '--data와 --to 중 하나만 주세요: --data는 --to(으)로 쓰는 서비스의 폴더입니다',
    ],
    [
      'give --data or INTAKE_SERVE_DATABASE_URL, not both',
      '--data와 INTAKE_SERVE_DATABASE_URL 중 하나만 주세요',
    ],
    ['INTAKE_SERVE_DATABASE_URL is empty', 'INTAKE_SERVE_DATABASE_URL이(가) 비어 있습니다'],
    ['Nothing matched within 1s. (HTTP 408)', '1s 안에 맞는 것이 없었습니다 (HTTP 408)'],
    [
      'The service was not started with --allow-reset: its data cannot be reset. (HTTP 403)',
      '서비스를 --allow-reset 없이 시작해서 데이터를 지울 수 없습니다 (HTTP 403)',
    ],
    ['No line L-9 in this coupang fake. (HTTP 404)', '가짜 쿠팡에 라인 L-9이(가) 없습니다 (HTTP 404)'],
    [
      "Order 'A-1' is still queued; apply the queue first. (HTTP 409)",
      '주문 A-1은(는) 아직 대기열에 있습니다. 먼저 대기열을 처리하세요 (HTTP 409)',
    ],
    ["Order 'A-1' not found. (HTTP 404)", '주문 A-1을(를) 찾을 수 없습니다 (HTTP 404)'],
    [
      "company_code: Input should be 'self', 'kr.epost' or 'un.upu.ems' (HTTP 422)",
      "company_code: 'self', 'kr.epost' 또는 'un.upu.ems' 중 하나여야 합니다 (HTTP 422)",
    ],
    // An answer with no words here is said as the service said it, with its status.
    ['Something new. (HTTP 409)', 'Something new. (HTTP 409)'],
    [
      "the database's schema must be brought up to date (version 7 to 8), which needs rights this user lacks (permission denied for schema public): run intake serve migrate as the database's owner",
      '데이터베이스 스키마를 버전 7에서 8(으)로 올려야 하는데 이 사용자에게 권한이 없습니다 (permission denied for schema public): 데이터베이스 소유자로 intake serve migrate을(를) 실행하세요',
    ],
  ])('%s', (english, korean) => {
    expect(errorLineKo(english)).toBe(korean);
  });

  it('a keychain that did not keep a secret, and what to do', () => {
    const failed = new KeychainFailed('the Secret Service (D-Bus)', 'unlock prompt was dismissed');
    expect([failed.message, ...failed.hints].map(errorLineKo)).toEqual([
      'Secret Service (D-Bus)에 비밀 키를 보관하지 못했습니다: unlock prompt was dismissed',
      '잠금을 풀고 다시 해 보거나, 비밀 키를 설정 파일에 두세요 (INTAKE_SECRET_STORAGE=file).',
    ]);
  });

  it('a line it has no words for is said as it is', () => {
    expect(errorLineKo('  the moon is made of cheese')).toBe('  the moon is made of cheese');
  });
});

describe('a header Intake cannot read, and an option it cannot use, at a Korean terminal', () => {
  it.each([
    [
      'sheet "주문조회" of 주문.xlsx lacks required column(s) (as the preset smartstore-orders reads it): order_id',
      '주문.xlsx의 "주문조회" 시트에 꼭 있어야 할 열이 없습니다 (smartstore-orders 양식으로 읽음): order_id',
    ],
    [
      '목록.csv lacks required column(s): name or image_url, order_id',
      '목록.csv에 꼭 있어야 할 열이 없습니다: name 또는 image_url, order_id',
    ],
    [
      'sheet "시트1" of 주문.xlsx has no header row',
      '주문.xlsx의 "시트1" 시트에서 머리글 행을 찾지 못했습니다',
    ],
    [
      '  Its headers are those of products: use intake product create instead.',
      '  이 머리글은 상품 파일의 것입니다: intake product create(으)로 올리세요.',
    ],
    [
      '  Did you mean order_id for the header "주문 번호호"? Correct it, or map it: --columns "order_id=주문 번호호"',
      '  머리글 "주문 번호호"은(는) order_id인가요? 머리글을 고치거나 열을 맞추세요: --columns "order_id=주문 번호호"',
    ],
    [
      '--columns maps order_id to "주문", but 주문.csv has no such header',
      '--columns가 order_id을(를) "주문" 열로 맞췄지만 주문.csv에 그런 머리글이 없습니다',
    ],
    [
      'the header of 주문.csv (row 1) fits several presets: a, b',
      '주문.csv의 머리글(1행)이 여러 양식에 맞습니다: a, b',
    ],
    ['  Choose one with --preset NAME.', '  --preset 이름으로 하나를 고르세요.'],
    [
      '주문.csv has nothing in row 4; the header is looked for in the first 30 rows',
      '주문.csv의 4행이 비어 있습니다. 머리글은 처음 30행에서 찾습니다',
    ],
    ['주문.xlsx has no sheet "2월"', '주문.xlsx에 "2월" 시트가 없습니다'],
    [
      '  Visible sheets: 1 "1월", 2 "3월"; hidden: "설정"',
      '  보이는 시트: 1 "1월", 2 "3월". 숨긴 시트: "설정"',
    ],
    [
      'sheet "차트1" of 주문.xlsx is a chart, not a worksheet',
      '주문.xlsx의 "차트1" 시트는 워크시트가 아니라 차트입니다',
    ],
    [
      '--concurrency must be a whole number from 1 to 256, not "abc"',
      '--concurrency의 값은 1에서 256 사이의 정수여야 합니다. "abc"은(는) 쓸 수 없습니다',
    ],
    [
      '--rate must be a positive number, not "-1"',
      '--rate의 값은 0보다 큰 수여야 합니다. "-1"은(는) 쓸 수 없습니다',
    ],
    [
      '--delimiter must be ",", ";" or "tab", not "xx"',
      '--delimiter의 값은 ",", ";", "tab" 중 하나여야 합니다. "xx"은(는) 쓸 수 없습니다',
    ],
    [
      '--encoding must be one of utf-8, cp949, euc-kr, utf-16le, not "latin1"',
      '--encoding의 값은 utf-8, cp949, euc-kr, utf-16le 중 하나여야 합니다. "latin1"은(는) 쓸 수 없습니다',
    ],
    [
      '--since must be a duration such as 2d or a date such as 2026-11-20, not "3x"',
      '--since의 값은 2d 같은 기간이나 2026-11-20 같은 날짜여야 합니다. "3x"은(는) 쓸 수 없습니다',
    ],
    [
      '--wait "soon" is not a duration such as 5s or 10m',
      '--wait "soon"은(는) 5s나 10m 같은 시간이 아닙니다',
    ],
    [
      '--apply-delay "3x" is not a duration (2s) or a range (1m-5m)',
      '--apply-delay "3x"은(는) 2s 같은 시간이나 1m-5m 같은 범위가 아닙니다',
    ],
    [
      'cannot write the rejects file /srv/주문.rejects.xlsx: no space left on the device',
      '고칠 행 파일 /srv/주문.rejects.xlsx을(를) 쓸 수 없습니다: 디스크에 남은 공간이 없습니다',
    ],
    [
      'cannot write the report /x/r.csv: permission denied',
      '보고서 /x/r.csv을(를) 쓸 수 없습니다: 쓸 권한이 없습니다',
    ],
    [
      'cannot write the upload ledger /x/ledger.db: the file system is read-only',
      '업로드 기록 /x/ledger.db을(를) 쓸 수 없습니다: 읽기 전용 파일 시스템입니다',
    ],
    [
      "bad.json is not valid JSON: Expecting ',' delimiter at line 2, column 1",
      "bad.json은(는) 올바른 JSON이 아닙니다: Expecting ',' delimiter (2번째 줄, 1번째 글자)",
    ],
    ['stdin is empty', '표준 입력이 비어 있습니다'],
    ['주문.csv is empty', '주문.csv이(가) 비어 있습니다'],
    ['the product id is empty', '상품 번호가 비어 있습니다'],
    [
      'a.pdf is a PDF document: download the orders as Excel (.xlsx) or CSV instead',
      'a.pdf은(는) PDF 문서이고 표 파일이 아닙니다. 주문을 엑셀(.xlsx)이나 CSV로 내려받으세요',
    ],
    [
      '주문.xls is a web page (HTML), as some "Excel" downloads are: open it in Excel (or your spreadsheet program) and save it as Excel Workbook (.xlsx), or as CSV',
      '주문.xls은(는) 웹 페이지(HTML) 파일입니다. 일부 "엑셀" 다운로드가 이렇습니다. 엑셀(또는 쓰는 스프레드시트 프로그램)에서 열어 "Excel 통합 문서(.xlsx)"나 CSV로 저장하세요',
    ],
    [
      'c.xlsx is cut short or damaged (the end of its zip, which lists its parts, is missing)',
      'c.xlsx 파일이 잘렸거나 손상되었습니다 (파일 목록이 있는 zip의 끝이 없습니다)',
    ],
    [
      '  Download or copy the file again; if it opens in your spreadsheet program, save it again as .xlsx or export CSV.',
      '  다시 내려받거나 복사하세요. 스프레드시트 프로그램에서 열린다면 .xlsx로 다시 저장하거나 CSV로 내보내세요.',
    ],
    [
      '주문.xls is an Excel 97-2003 workbook (.xls), which intake does not read',
      '주문.xls은(는) 예전 엑셀 97-2003 파일(.xls)이라 intake가 읽지 못합니다',
    ],
    [
      '  In Excel: File > Save As > Excel Workbook (.xlsx), or CSV UTF-8.',
      '  엑셀에서 파일 > 다른 이름으로 저장 > "Excel 통합 문서(.xlsx)"나 "CSV UTF-8"로 저장하세요.',
    ],
    [
      '--sheet is for .xlsx workbooks; orders.csv is read as CSV',
      '--sheet은(는) .xlsx 엑셀 파일에만 씁니다. orders.csv은(는) CSV(으)로 읽습니다',
    ],
  ])('%s', (english, korean) => {
    expect(errorLineKo(english)).toBe(korean);
  });

  it('a sheet named in a line is said as Korean names a place; a file as it is', () => {
    expect(placeKo('sheet "주문" of 주문.xlsx')).toBe('주문.xlsx의 "주문" 시트');
    expect(placeKo('주문.csv')).toBe('주문.csv');
  });
});

describe('the rows to fix, named at a Korean terminal', () => {
  it('says columns of a sheet and fields of JSON records', () => {
    const said = { code: 'rejects_file' };
    expect(
      sayIn('ko', 'Rows to fix: 주문.rejects.csv (the original columns plus "error").', said, 'terminal'),
    ).toBe('고칠 행: 주문.rejects.csv (원래 열에 "사유" 열을 더함).');
    expect(
      sayIn(
        'ko',
        'Rows to fix: p.rejects.ndjson (the original records plus an "error" field).',
        said,
        'terminal',
      ),
    ).toBe('고칠 행: p.rejects.ndjson (원래 레코드에 "error" 필드를 더함).');
  });
});

describe('the layout found, said in Korean', () => {
  const said = { code: 'preset_found', values: { preset: 'coupang-orders' } };
  const text =
    'The headers are those of Coupang Wing: delivery list download: reading them with the preset coupang-orders (--preset to choose another).';

  it('a terminal names it as --preset takes it; a page by its title only, as its list of layouts does', () => {
    expect(sayIn('ko', text, said, 'terminal')).toBe(
      '쿠팡 윙 배송리스트 엑셀 다운로드 파일의 머리글입니다. coupang-orders 양식으로 읽습니다 (다른 양식은 --preset).',
    );
    expect(sayIn('ko', text, said, 'page')).toBe(
      '쿠팡 윙 배송리스트 엑셀 다운로드 파일의 머리글입니다. 그 양식으로 읽습니다.',
    );
  });
});

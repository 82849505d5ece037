import { networkReasonIn, refusalIn } from '../client/answer-words.js';
import { LOGGING_IN, OTHER_COMMANDS } from './command-error-words.js';
import { DEVELOPER_WORDS } from './developer-error-words.js';
import { FILE_WORDS, reasonKo } from './file-error-words.js';
import { FLAG_WORDS } from './flag-error-words.js';
import { FORMAT_WORDS } from './format-error-words.js';
import { HEADER_WORDS } from './header-error-words.js';
import { LOCAL_WORDS } from './local-error-words.js';
import { keychainKo, originKo } from './origin-words.js';
import { INPUT_WORDS } from '../input/error-words-ko.js';
import { saidIn, type Words } from '../util/said-in.js';

// The errors people at a Korean terminal meet most (a file that cannot be read, a header Intake does not
// know, a locked workbook, a service that cannot be reached or refuses the credentials, credentials
// missing, a queue that never empties), in Korean: each line of what the CLI says by its English
// pattern, as the page's results do with the service's answers. A line with no pattern here is said as
// it is; `--json` keeps the English.

export type { Words } from '../util/said-in.js';

const AGAIN = '같은 명령을 다시 실행하세요 (업로드는 아직 보내지 않은 것만 보냅니다)';

/** Intake's databases as their errors name them (`what` of the file opened). */
const DATABASES: Readonly<Record<string, string>> = {
  'the data folder of intake serve': 'intake serve의 데이터 폴더',
  'the database': '데이터베이스',
  'the upload ledger': '업로드 기록',
  'the upload ledger lock': '업로드 기록의 잠금',
  'the product catalog': '상품 목록',
  'the marketplace state': '마켓 연동 상태',
};

const databaseKo = (what: string): string => DATABASES[what] ?? what;

/** Why a database cannot be opened or used, said alone or after the place it names. */
const DATABASE_REASONS: readonly Words[] = [
  [
    /^(.+) is in use by another process \((.+)\)$/,
    (m) => `다른 프로세스가 ${m[1]}을(를) 쓰고 있습니다 (${databaseKo(m[2] ?? '')})`,
  ],
  [
    /^(.+) was written by a newer intake \(schema (\d+), this build knows (\d+)\); upgrade intake$/,
    (m) =>
      `더 새로운 intake가 쓴 ${databaseKo(m[1] ?? '')}입니다 (스키마 ${m[2]}, 이 intake는 ${m[3]}까지 압니다). intake를 업데이트하세요`,
  ],
  [
    /^the database holds tables that are not intake's \((.+)\); nothing was changed in it: give intake serve a database of its own \((.+)\)$/,
    (m) =>
      `데이터베이스에 intake의 것이 아닌 테이블이 있습니다 (${m[1]}). 아무것도 바꾸지 않았습니다: intake serve에 따로 데이터베이스를 주세요 (${m[2]})`,
  ],
  [
    /^the database holds no intake service yet: create its schema as its owner \((.+)\)$/,
    (m) => `데이터베이스에 아직 intake 서비스가 없습니다: 데이터베이스 소유자로 스키마를 만드세요 (${m[1]})`,
  ],
  [
    /^the database's schema is at version (\d+) and this intake needs (\d+): bring it up to date as its owner \((.+)\)$/,
    (m) =>
      `데이터베이스 스키마가 버전 ${m[1]}인데 이 intake는 ${m[2]}이(가) 필요합니다: 데이터베이스 소유자로 올리세요 (${m[3]})`,
  ],
  [
    /^the database's schema must be brought up to date \(version (\d+) to (\d+)\), which needs rights this user lacks \((.+)\): run (.+) as the database's owner$/,
    (m) =>
      `데이터베이스 스키마를 버전 ${m[1]}에서 ${m[2]}(으)로 올려야 하는데 이 사용자에게 권한이 없습니다 (${m[3]}): 데이터베이스 소유자로 ${m[4]}을(를) 실행하세요`,
  ],
  [/^cannot use the database at (\S+): (.+)$/, (m) => `${m[1]}의 데이터베이스를 쓸 수 없습니다: ${m[2]}`],
  [
    /^cannot use (.+) for (the .+): (.+)$/,
    (m) => `${m[1]}을(를) ${databaseKo(m[2] ?? '')}의 파일로 쓸 수 없습니다: ${reasonKo(m[3] ?? '')}`,
  ],
];

/** What `cannot open the …` names. */
const OPENED: Readonly<Record<string, string>> = {
  source: '복사할 원본',
  target: '복사할 대상',
  database: '데이터베이스',
  'upload ledger': '업로드 기록',
};

/** A database's reason in Korean where there are words for it, else as it is. */
const databaseReasonKo = (text: string): string => saidIn(DATABASE_REASONS, text) ?? text;

/** `intake serve`'s own data and the copies of `intake serve migrate`, `export` and `import`. */
const SERVICE_DATA: readonly Words[] = [
  [
    /^the data folder (.+) is in use by another intake serve$/,
    (m) => `다른 intake serve가 데이터 폴더 ${m[1]}을(를) 쓰고 있습니다`,
  ],
  [
    /^Stop that one first, or give this one its own folder with --data\.$/,
    () => '그 서비스를 먼저 멈추거나, --data로 이 서비스에 따로 폴더를 주세요.',
  ],
  [
    /^cannot open the (source|target|database|upload ledger) (.+?): (.+)$/,
    (m) => `${OPENED[m[1] ?? '']} ${m[2]}을(를) 열 수 없습니다: ${databaseReasonKo(m[3] ?? '')}`,
  ],
  [
    /^Intake keeps what uploads sent there; set INTAKE_DATA_DIR to use another folder\.$/,
    () => 'Intake는 업로드로 보낸 것을 그곳에 기록합니다. 다른 폴더를 쓰려면 INTAKE_DATA_DIR을 설정하세요.',
  ],
  [/^Stop the intake serve that uses it first\.$/, () => '그것을 쓰는 intake serve를 먼저 멈추세요.'],
  [
    /^(.+) holds no data of intake serve \(no intake(?:\.db| schema)\)$/,
    (m) => `${m[1]}에 intake serve의 데이터가 없습니다`,
  ],
  [
    /^Give the (data folder|database) of the service to copy with --from\.$/,
    (m) => `복사할 서비스의 ${m[1] === 'database' ? '데이터베이스' : '데이터 폴더'}를 --from으로 주세요.`,
  ],
  [
    /^(.+): the target already holds a service \(it has merchants\); nothing was copied$/,
    (m) => `${m[1]}: 대상에 이미 서비스가 있습니다 (판매자가 있습니다). 아무것도 복사하지 않았습니다`,
  ],
  [
    /^Copy into a new data folder or an empty database\.$/,
    () => '새 데이터 폴더나 빈 데이터베이스로 복사하세요.',
  ],
  [/^the source and the target are the same$/, () => '원본과 대상이 같습니다'],
  [
    /^give --data or (--[\w-]+|[A-Z][A-Z\d_]+), not both(?:: --data is the service's folder, as \1)?$/,
    (m) =>
      `--data와 ${m[1]} 중 하나만 주세요${m[0].includes(':') ? `: --data는 ${m[1]}(으)로 쓰는 서비스의 폴더입니다` : ''}`,
  ],
  [
    /^(--[\w-]+|[A-Z][A-Z\d_]+) is not a URL like (postgres:\/\/\S+)$/,
    (m) => `${m[1]}이(가) ${m[2]} 같은 주소가 아닙니다`,
  ],
  [
    /^(--[\w-]+|[A-Z][A-Z\d_]+) must start with postgres:\/\/ \(it starts with (\S+)\)$/,
    (m) => `${m[1]}은(는) postgres://로 시작해야 합니다 (${m[2]}(으)로 시작합니다)`,
  ],
  [/^(--[\w-]+|[A-Z][A-Z\d_]+) is empty$/, (m) => `${m[1]}이(가) 비어 있습니다`],
  [
    /^Give a URL like (\S+), or leave the (flag|variable) out for SQLite \(--data DIR\)\.$/,
    (m) =>
      `${m[1]} 같은 주소를 주거나, SQLite를 쓰려면 ${m[2] === 'flag' ? '그 옵션을' : '그 환경 변수를'} 빼세요 (--data DIR).`,
  ],
  ...DATABASE_REASONS,
];

/** What `intake config set` asks of each setting (its error's words). */
const EXPECTED: Readonly<Record<string, string>> = {
  "the service's http(s) address": '서비스의 http(s) 주소',
  "the sandbox's http(s) address": '샌드박스의 http(s) 주소',
  'an access key id (no colon)': '액세스 키 ID (콜론 없이)',
  'table, json or csv': 'table, json 또는 csv',
  'a duration such as 30s': '30s 같은 시간',
  "the Naver Commerce API's http(s) address (or a relay's)":
    '네이버 커머스 API(또는 중계 서버)의 http(s) 주소',
  "the Coupang Open API's http(s) address (or a relay's)": '쿠팡 Open API(또는 중계 서버)의 http(s) 주소',
  "the Cafe24 API's http(s) address, {mall_id} where the mall goes":
    '카페24 API의 http(s) 주소 (쇼핑몰 ID가 들어갈 자리에 {mall_id})',
  "the app's registered redirect address": '앱에 등록한 리디렉션 주소',
};

/** The settings: `intake config`, and a setting every command reads that cannot be used. */
const SETTINGS: readonly Words[] = [
  // `intake help WORD` for a command or topic there is not.
  [
    /^(intake(?: [\w-]+)*) has no command( or topic)? "(.*)"$/,
    (m) => `${m[1]}에 "${m[3]}"(이)라는 ${m[2] ? '명령이나 주제가' : '명령이'} 없습니다`,
  ],
  [/^Did you mean "(.+)"\?$/, (m) => `혹시 "${m[1]}"?`],
  [/^Commands: (.+)$/, (m) => `명령: ${m[1]}`],
  [/^Topics: (.+)$/, (m) => `주제: ${m[1]}`],
  [/^unknown setting "(.*)"$/, (m) => `알 수 없는 설정입니다: "${m[1]}"`],
  [/^Settings: (.+)$/, (m) => `설정할 수 있는 것: ${m[1]}`],
  [
    /^(\w+) must be (.+), not "(.*)"$/,
    (m) => `${m[1]}에는 ${EXPECTED[m[2] ?? ''] ?? m[2]}을(를) 주세요 ("${m[3]}"은(는) 쓸 수 없습니다)`,
  ],
  [/^a secret is never taken on the command line$/, () => '비밀 키는 명령줄로 받지 않습니다'],
  [
    /^Store it with: intake login \(it asks\), or: (.+)$/,
    (m) => `intake login으로 저장하세요 (비밀 키를 묻습니다). 또는: ${m[1]}`,
  ],
  [/^the secret is removed with: intake logout$/, () => '비밀 키는 intake logout으로 지웁니다'],
  [/^there is no profile "(.*)"$/, (m) => `프로필 "${m[1]}"이(가) 없습니다`],
  [/^Profiles: (.+)$/, (m) => `프로필: ${m[1]}`],
  [/^No profiles yet\.$/, () => '아직 프로필이 없습니다.'],
  [/^Create it with: (intake login --profile .+)$/, (m) => `${m[1]}(으)로 만드세요.`],
  [
    /^output format "(.*)" \(from (.+)\) is not one of (.+)$/,
    (m) => `출력 형식 "${m[1]}"(${originKo(m[2] ?? '')})은(는) 쓸 수 없습니다: ${m[3]} 중 하나를 주세요`,
  ],
  [
    /^timeout "(.*)" \(from (.+)\) is not a duration such as 30s or 2m$/,
    (m) => `시간 제한 "${m[1]}"(${originKo(m[2] ?? '')})이(가) 30s나 2m 같은 시간이 아닙니다`,
  ],
  [
    /^base URL "(.*)" \(from (.+)\) is not an http:\/\/ or https:\/\/ URL$/,
    (m) => `서비스 주소 "${m[1]}"(${originKo(m[2] ?? '')})이(가) http:// 또는 https:// 주소가 아닙니다`,
  ],
  [/^Did you mean (https?:\/\/\S+)\?$/, (m) => `혹시 ${m[1]} 주소인가요?`],
  [
    /^base URL \(from (.+)\) has a user name or password in it$/,
    (m) => `서비스 주소(${originKo(m[1] ?? '')})에 사용자 이름이나 비밀번호가 들어 있습니다`,
  ],
  [
    /^(\w+_base_url|cafe24_redirect_uri) has a user name or password in it$/,
    (m) => `${m[1]}에 사용자 이름이나 비밀번호가 들어 있습니다`,
  ],
  [/^Give the address without them\.$/, () => '그것을 뺀 주소를 주세요.'],
  [/^Give the service's address without them: (\S+)$/, (m) => `그것을 뺀 서비스 주소를 주세요: ${m[1]}`],
  [
    /^The credentials go in intake login, or INTAKE_ACCESS_KEY_ID and INTAKE_SECRET_ACCESS_KEY\.$/,
    () => '자격 증명은 intake login이나 INTAKE_ACCESS_KEY_ID, INTAKE_SECRET_ACCESS_KEY에 둡니다.',
  ],
  [
    /^base URL "(.*)" \(from (.+)\) ends in \/api\/v1$/,
    (m) => `서비스 주소 "${m[1]}"(${originKo(m[2] ?? '')})이(가) /api/v1로 끝납니다`,
  ],
  [
    /^Give the service's address without it: (\S+) \(intake adds \/api\/v1\/\.\.\. to every request\)\.$/,
    (m) => `그것을 뺀 서비스 주소를 주세요: ${m[1]} (intake가 요청마다 /api/v1/...을 붙입니다).`,
  ],
];

const LINES: readonly Words[] = [
  ...FILE_WORDS,
  ...FORMAT_WORDS,
  ...HEADER_WORDS,
  [/^(.+) is protected by a password$/, (m) => `${m[1]}은(는) 암호가 걸린 엑셀 파일입니다`],
  [/^Give it on standard input: (.*)$/, (m) => `암호를 표준 입력으로 주세요: ${m[1]}`],
  [
    /^or run the command on a terminal to be asked for it\.$/,
    () => '또는 터미널에서 실행하면 암호를 묻습니다.',
  ],
  [/^the password does not open (.+)$/, (m) => `이 암호로는 ${m[1]}을(를) 열 수 없습니다`],
  [
    /^Check the password \(it is case-sensitive\) and try again\.$/,
    () => '암호를 확인하고 (대소문자를 구분합니다) 다시 실행하세요.',
  ],
  [
    /^cannot reach (\S+): (.+?)(?: \((\d+) attempts in ([\d.]+) s\))?(?: \(the base URL came from (.+)\))?$/,
    (m) =>
      `${m[1]}에 연결할 수 없습니다: ${networkReasonIn('ko', m[2] ?? '')}` +
      (m[3] ? ` (${m[4]}초 동안 ${m[3]}번 시도)` : '') +
      (m[5] ? ` (서비스 주소: ${m[5]}에서 가져옴)` : ''),
  ],
  // The service's own answer to a command, with its status: in Korean where there are words for it.
  [/^(.+) \(HTTP (\d{3})\)$/, (m) => `${refusalIn(m[1] ?? '') ?? m[1]} (HTTP ${m[2]})`],
  [
    /^the service failed: (.*) \(HTTP (\d+) from (\S+) (\S+)\)$/,
    (m) => `서비스 오류: ${m[1]} (HTTP ${m[2]}, ${m[3]} ${m[4]})`,
  ],
  [/^the service rejected the request \((HTTP \d+)\):$/, (m) => `서비스가 요청을 받지 않았습니다 (${m[1]}):`],
  [
    /^Used: access key id (\S+) from the environment \((.+)\)\.$/,
    (m) => `보낸 인증 정보: 환경 변수(${m[2]})의 액세스 키 ID ${m[1]}.`,
  ],
  [/^Used: access key id (\S+) from (.+)\.$/, (m) => `보낸 인증 정보: ${m[2]}의 액세스 키 ID ${m[1]}.`],
  [/^Used: no credentials were sent\.$/, () => '보낸 인증 정보가 없습니다.'],
  [
    /^Set INTAKE_ACCESS_KEY_ID and INTAKE_SECRET_ACCESS_KEY to the right pair .*\.$/,
    () =>
      `INTAKE_ACCESS_KEY_ID와 INTAKE_SECRET_ACCESS_KEY를 맞는 쌍으로 바꾸고 (프로필을 쓰려면 둘 다 지우고) ${AGAIN}.`,
  ],
  [
    /^Check them with: intake keys check — or store new ones with: intake login, then .*\.$/,
    () => `intake keys check로 확인하거나 intake login으로 새로 저장한 뒤 ${AGAIN}.`,
  ],
  [/^Store some with: intake login, then .*\.$/, () => `intake login으로 저장한 뒤 ${AGAIN}.`],
  [
    /^no credentials: profile "(.+)" does not exist and INTAKE_ACCESS_KEY_ID is not set$/,
    (m) => `인증 정보가 없습니다: 프로필 "${m[1]}"이(가) 없고 INTAKE_ACCESS_KEY_ID도 설정되지 않았습니다`,
  ],
  [/^profile "(.+)" has no credentials$/, (m) => `프로필 "${m[1]}"에 인증 정보가 없습니다`],
  [
    /^(INTAKE_\w+) is not set \(the other one is\)$/,
    (m) => `${m[1]}이(가) 설정되지 않았습니다 (다른 하나만 설정되어 있습니다)`,
  ],
  [/^Run: (intake (?:marketplace )?login.*)$/, (m) => `실행하세요: ${m[1]}`],
  [
    /^or set INTAKE_ACCESS_KEY_ID and INTAKE_SECRET_ACCESS_KEY\.$/,
    () => '또는 INTAKE_ACCESS_KEY_ID와 INTAKE_SECRET_ACCESS_KEY를 설정하세요.',
  ],
  [
    /^the secret of profile "(.+)" is in the OS keychain, which cannot be read: (.+)$/,
    (m) => `프로필 "${m[1]}"의 비밀 키는 OS 키체인에 있는데 키체인을 읽을 수 없습니다: ${m[2]}`,
  ],
  [
    /^the secret of profile "(.+)" is missing from (.+)$/,
    (m) => `프로필 "${m[1]}"의 비밀 키가 ${keychainKo(m[2] ?? '')}에 없습니다`,
  ],
  [
    /^cannot read the secret of profile "(.+)" from (.+?): (.+)$/,
    (m) => `프로필 "${m[1]}"의 비밀 키를 ${keychainKo(m[2] ?? '')}에서 읽을 수 없습니다: ${m[3]}`,
  ],
  [
    /^the secret is in the OS keychain, which cannot be read: (.+)$/,
    (m) => `비밀 키는 OS 키체인에 있는데 키체인을 읽을 수 없습니다: ${m[1]}`,
  ],
  [/^the secret is missing from (.+)$/, (m) => `비밀 키가 ${keychainKo(m[1] ?? '')}에 없습니다`],
  [
    /^(the .+?) did not keep the secret: (.+)$/,
    (m) => `${keychainKo(m[1] ?? '')}에 비밀 키를 보관하지 못했습니다: ${m[2]}`,
  ],
  [/^(the .+?) could not be read: (.+)$/, (m) => `${keychainKo(m[1] ?? '')}을(를) 읽을 수 없습니다: ${m[2]}`],
  [
    /^Unlock it and try again; what it keeps is unchanged\.$/,
    () => '잠금을 풀고 다시 해 보세요. 키체인에 보관한 것은 그대로입니다.',
  ],
  [
    /^Unlock it and try again, or keep secrets in the config file \(INTAKE_SECRET_STORAGE=file\)\.$/,
    () => '잠금을 풀고 다시 해 보거나, 비밀 키를 설정 파일에 두세요 (INTAKE_SECRET_STORAGE=file).',
  ],
  [/^Store it again with: (intake login.*)$/, (m) => `${m[1]}(으)로 다시 저장하세요`],
  [
    /^no access key id is set, so there is no ledger to show$/,
    () => '액세스 키 ID가 정해지지 않아 보여 줄 업로드 기록이 없습니다',
  ],
  [
    /^Choose one with --profile, or set INTAKE_ACCESS_KEY_ID\.$/,
    () => '--profile로 고르거나 INTAKE_ACCESS_KEY_ID를 설정하세요.',
  ],
  [
    /^cannot listen on (\S+): another program uses that port$/,
    (m) => `${m[1]}에서 받을 수 없습니다: 다른 프로그램이 그 포트를 쓰고 있습니다`,
  ],
  [
    /^cannot listen on (\S+): this user may not use that port$/,
    (m) => `${m[1]}에서 받을 수 없습니다: 이 사용자는 그 포트를 쓸 수 없습니다`,
  ],
  [
    /^cannot listen on (\S+): (\S+) is not an address of this machine$/,
    (m) => `${m[1]}에서 받을 수 없습니다: ${m[2]}은(는) 이 컴퓨터의 주소가 아닙니다`,
  ],
  [
    /^cannot listen on (\S+): no host is called (\S+)$/,
    (m) => `${m[1]}에서 받을 수 없습니다: ${m[2]}(이)라는 호스트가 없습니다`,
  ],
  [
    /^Give another with --port, or --port 0 for a free one\.$/,
    () => '--port로 다른 포트를 주거나, --port 0으로 빈 포트를 쓰세요.',
  ],
  [
    /^Give another with --port, or leave --port out for a free one\.$/,
    () => '--port로 다른 포트를 주거나, --port를 빼고 실행해 빈 포트를 쓰세요.',
  ],
  [
    /^Ports below 1024 need administrator rights: give one from 1024 up with --port\.$/,
    () => '1024보다 작은 포트는 관리자 권한이 있어야 합니다: --port로 1024 이상을 주세요.',
  ],
  [
    /^Use --host 127\.0\.0\.1 \(this machine only\) or --host 0\.0\.0\.0 \(every network it is on\)\.$/,
    () => '--host 127.0.0.1(이 컴퓨터에서만) 또는 --host 0.0.0.0(연결된 모든 네트워크)을 쓰세요.',
  ],
  [
    /^([\d,]+) shipment creations? still queued after (\S+)$/,
    (m) => `${m[2]} 동안 기다렸지만 송장 등록 ${m[1]}건이 아직 적용되지 않았습니다`,
  ],
  ...SERVICE_DATA,
  ...SETTINGS,
  ...OTHER_COMMANDS,
  ...LOGGING_IN,
  ...FLAG_WORDS,
  ...LOCAL_WORDS,
  ...INPUT_WORDS,
  ...DEVELOPER_WORDS,
];

/** One line of an error in Korean where there are words for it, else as it is (its indent kept). */
export function errorLineKo(line: string): string {
  const indent = /^\s*/.exec(line)?.[0] ?? '';
  const korean = saidIn(LINES, line.slice(indent.length));
  return korean === undefined ? line : `${indent}${korean}`;
}

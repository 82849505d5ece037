import { MARKETPLACE_LABELS, MARKETPLACE_NAMES, MARKETPLACES } from '../marketplaces/names.js';
import type { Words } from './error-words.js';
import { reasonKo } from './file-error-words.js';

/** A marketplace as the terminal's English names it (`Coupang Wing`), as Korean says it (`쿠팡`). */
const marketplaceKo = (label: string): string => {
  const name = MARKETPLACES.find((each) => MARKETPLACE_LABELS[each] === label);
  return name ? MARKETPLACE_NAMES[name].ko : label;
};

// The errors of single commands at a Korean terminal, in Korean (see error-words.ts, which says every line
// of an error through these and its own).

/** The product catalog, saved layouts and presets, the keychain's migration and the ledger's clearing. */
export const OTHER_COMMANDS: readonly Words[] = [
  [
    /^cannot use the config folder (.+): (.+)$/,
    (m) => `설정 폴더 ${m[1]}을(를) 쓸 수 없습니다: ${reasonKo(m[2] ?? '')}`,
  ],
  [/^Set INTAKE_CONFIG_DIR to a folder of yours\.$/, () => 'INTAKE_CONFIG_DIR를 내 폴더로 설정하세요.'],
  [
    /^cannot use the folder (.+) for intake ui: (.+)$/,
    (m) => `intake ui가 폴더 ${m[1]}을(를) 쓸 수 없습니다: ${reasonKo(m[2] ?? '')}`,
  ],
  [/^profile "(.*)" has no sandbox_base_url$/, (m) => `프로필 "${m[1]}"에 sandbox_base_url이 없습니다`],
  [/^Set one with: (intake config set sandbox_base_url .+)$/, (m) => `설정하세요: ${m[1]}`],
  [
    /^invalid product; the catalog is unchanged:$/,
    () => '상품 정보가 올바르지 않아 상품 목록을 바꾸지 않았습니다:',
  ],
  [/^invalid patch; nothing was sent:$/, () => '수정 내용이 올바르지 않아 아무것도 보내지 않았습니다:'],
  [/^invalid date range:$/, () => '기간이 올바르지 않습니다:'],
  [/^(.+) \((.+)\) is not a list of carriers:$/, (m) => `${m[1]} (${m[2]})은(는) 택배사 목록이 아닙니다:`],
  [/^there is no layout or preset "(.*)"$/, (m) => `"${m[1]}"(이)라는 기본 열이나 양식이 없습니다`],
  [/^there is no saved layout "(.*)"$/, (m) => `"${m[1]}"(이)라는 저장한 열이 없습니다`],
  [/^See: (intake columns list)$/, (m) => `확인: ${m[1]}`],
  [/^Layouts: (.+); presets and saved layouts: (.+)$/, (m) => `기본 열: ${m[1]}. 양식과 저장한 열: ${m[2]}`],
  [
    /^cannot move secrets to the keychain: INTAKE_SECRET_STORAGE is file$/,
    () => '비밀 키를 키체인으로 옮길 수 없습니다: INTAKE_SECRET_STORAGE가 file입니다',
  ],
  [
    /^INTAKE_SECRET_STORAGE=file keeps secrets in the config file; unset it and run intake auth migrate again\.$/,
    () =>
      'INTAKE_SECRET_STORAGE=file이면 비밀 키를 설정 파일에 둡니다. 그 변수를 지우고 intake auth migrate를 다시 실행하세요.',
  ],
  [/^cannot move secrets to the keychain: (.+)$/, (m) => `비밀 키를 키체인으로 옮길 수 없습니다: ${m[1]}`],
  [
    /^Nothing was moved: the secrets stay in the config file \(mode 0600\), where commands read them\.$/,
    () => '아무것도 옮기지 않았습니다. 비밀 키는 명령이 읽는 설정 파일(권한 0600)에 그대로 있습니다.',
  ],
  [
    /^--force sets the whole ledger aside; it takes no --kind$/,
    () => '--force는 업로드 기록 전체를 옮겨 둡니다. --kind와 함께 쓸 수 없습니다',
  ],
  [
    /^clearing the ledger needs --yes when there is no terminal to ask at$/,
    () => '물어볼 터미널이 없으면 업로드 기록을 지울 때 --yes를 붙여야 합니다',
  ],
];

/** Logging in: the service's and a marketplace's (`intake login`, `intake marketplace login`). */
export const LOGGING_IN: readonly Words[] = [
  [/^cannot prompt without a terminal$/, () => '터미널이 아니어서 물어볼 수 없습니다'],
  [
    /^cannot prompt without a terminal: give (\S+)$/,
    (m) => `터미널이 아니어서 물어볼 수 없습니다: ${m[1]}을(를) 주세요`,
  ],
  [/^Pass the credentials instead: (.+)$/, (m) => `대신 인증 정보를 이렇게 넘기세요: ${m[1]}`],
  [
    /^no (secret|password) on standard input$/,
    (m) => `표준 입력에 ${m[1] === 'secret' ? '비밀 키' : '암호'}가 없습니다`,
  ],
  [/^--secret-stdin needs --access-key-id$/, () => '--secret-stdin에는 --access-key-id가 함께 있어야 합니다'],
  [
    /^a Naver application secret looks like \$2a\$10\$ and 22 characters$/,
    () => '네이버 애플리케이션 시크릿은 $2a$10$ 뒤에 22자가 붙은 모양입니다',
  ],
  [
    /^Copy it again from the Naver Commerce API Center \(애플리케이션 상세\)\.$/,
    () => '네이버 커머스API센터의 애플리케이션 상세에서 다시 복사하세요.',
  ],
  [
    /^--key-issued must be a date such as 2026-11-25, not "(.*)"$/,
    (m) => `--key-issued에는 2026-11-25 같은 날짜를 주세요 ("${m[1]}"은(는) 날짜가 아닙니다)`,
  ],
  [
    /^--listen needs a loopback redirect address \(http:\/\/127\.0\.0\.1:PORT\/…\), not (\S+)$/,
    (m) =>
      `--listen에는 이 컴퓨터의 리디렉션 주소(http://127.0.0.1:포트/…)가 필요합니다. ${m[1]}은(는) 쓸 수 없습니다`,
  ],
  [
    /^no (.+) credentials for this profile \(none in the environment, the keychain or the config file\)$/,
    (m) =>
      `이 프로필에는 ${marketplaceKo(m[1] ?? '')} 인증 정보가 없습니다 (환경 변수, 키체인, 설정 파일 어디에도 없음)`,
  ],
  [/^no consent came back in time$/, () => '동의가 돌아오지 않았습니다'],
  [/^cannot listen at (\S+): (.+)$/, (m) => `${m[1]}에서 기다릴 수 없습니다: ${m[2]}`],
];

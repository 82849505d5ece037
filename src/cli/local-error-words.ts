import { FAULT_SPEC_KO } from '../contract/local/fault-spec-words.js';
import type { Words } from '../util/said-in.js';

// What `intake local …` refuses before it asks the service (a missing flag, flags that do not go
// together, a fault spec it cannot read), at a Korean terminal, in Korean (see error-words.ts, which
// says every line of an error through these and its own).

/** The local commands' own checks of their flags. */
export const LOCAL_WORDS: readonly Words[] = [
  ...FAULT_SPEC_KO,
  [/^give either a FILE or --sample N$/, () => 'FILE이나 --sample N 중 하나를 주세요'],
  [
    /^(.+) is not (orders and products|settings) (?:for|of) a fake:$/,
    (m) => `${m[1]}은(는) 가짜 마켓의 ${m[2] === 'settings' ? '설정' : '주문과 상품'} 파일이 아닙니다:`,
  ],
  [/^nothing to set: give a FILE or a flag$/, () => '바꿀 설정이 없습니다. FILE이나 옵션을 주세요'],
  [
    /^nothing to change: give (.+)$/,
    (m) => `바꿀 것이 없습니다. ${(m[1] ?? '').replace(/ or /, ', ')} 중 하나를 주세요`,
  ],
  [
    /^"(.*)" is not a duration such as 36h, 7d or 1h30m$/,
    (m) => `"${m[1]}"은(는) 36h, 7d, 1h30m 같은 기간이 아닙니다`,
  ],
  [/^--since and --secret go with --forward-to$/, () => '--since와 --secret은 --forward-to와 함께 씁니다'],
  [/^give --since or --after, not both$/, () => '--since와 --after 중 하나만 주세요'],
  [
    /^--forward-to "(.*)" is not an address like (\S+)$/,
    (m) => `--forward-to "${m[1]}"은(는) ${m[2]} 같은 주소가 아닙니다`,
  ],
  [
    /^--wait "(.*)" is longer than the service waits \((\S+)\)$/,
    (m) => `--wait "${m[1]}"은(는) 서비스가 기다리는 시간(${m[2]})보다 깁니다`,
  ],
  [
    /^--before pages back through the list; it goes with neither --follow nor a count$/,
    () => '--before는 목록의 앞 페이지를 봅니다. --follow나 개수 세기와 함께 쓸 수 없습니다',
  ],
  [
    /^--after "(.*)" is not a position of this list \((\S+), as said where the page before was cut\)$/,
    (m) => `--after "${m[1]}"은(는) 이 목록의 위치(${m[2]}, 앞 페이지가 끊긴 곳에서 알려 준 값)가 아닙니다`,
  ],
];

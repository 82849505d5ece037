import type { Words } from './words.js';

// What `intake local …` refuses before it asks the service (a missing flag, flags that do not go
// together, a fault spec it cannot read), at a Korean terminal, in Korean (see error-words.ts, which
// says every line of an error through these and its own).

/** The fault spec of `intake local faults set` and `intake serve --faults`, where it cannot be read. */
const FAULT_SPEC: readonly Words[] = [
  [
    /^"(.*)": the share "(.*)" is not a percentage from 0% to 100%$/,
    (m) => `"${m[1]}": 비율 "${m[2]}"은(는) 0%에서 100% 사이가 아닙니다`,
  ],
  [
    /^"(.*)": "(.*)" is not a latency such as 200ms or 50-200ms$/,
    (m) => `"${m[1]}": "${m[2]}"은(는) 200ms나 50-200ms 같은 지연 시간이 아닙니다`,
  ],
  [
    /^"(.*)": after @ comes a record's id \(@ORD-1\)$/,
    (m) => `"${m[1]}": @ 뒤에는 레코드 ID가 옵니다 (@ORD-1)`,
  ],
  [
    /^"(.*)": before = comes a method, a path, a record's @id, or some of them \((.+)\)$/,
    (m) => `"${m[1]}": = 앞에는 메서드, 경로, 레코드의 @ID 중 하나 이상이 옵니다 (${m[2]})`,
  ],
  [
    /^"(.*)": the path "(.*)" does not start with \/$/,
    (m) => `"${m[1]}": 경로 "${m[2]}"이(가) /로 시작하지 않습니다`,
  ],
  [
    /^"(.*)": "(.*)" is not a fault; faults are (.+)$/,
    (m) => `"${m[1]}": "${m[2]}"은(는) 장애 종류가 아닙니다. 장애 종류: ${m[3]}`,
  ],
  [
    /^"(.*)": "(.*)" is not like next=2 \(a count from 1\)$/,
    (m) => `"${m[1]}": "${m[2]}"은(는) next=2 모양(1 이상의 횟수)이 아닙니다`,
  ],
  [
    /^"(.*)": "(.*)" is not like retry-after=5s$/,
    (m) => `"${m[1]}": "${m[2]}"은(는) retry-after=5s 모양이 아닙니다`,
  ],
  [/^"(.*)": "(.*)" means nothing to (\S+)$/, (m) => `"${m[1]}": "${m[2]}"은(는) ${m[3]}에 쓸 수 없습니다`],
  [
    /^"(.*)": latency needs how much, as latency:200ms or latency:50-200ms$/,
    (m) => `"${m[1]}": latency에는 얼마나 늦출지가 필요합니다 (latency:200ms, latency:50-200ms)`,
  ],
  [
    /^"(.*)" matches no operation of the service \(faults touch (.+)\)$/,
    (m) => `"${m[1]}"에 맞는 서비스 작업이 없습니다 (장애를 넣을 수 있는 작업: ${m[2]})`,
  ],
];

/** The local commands' own checks of their flags. */
export const LOCAL_WORDS: readonly Words[] = [
  ...FAULT_SPEC,
  [/^give either a FILE or --sample N$/, () => 'FILE이나 --sample N 중 하나를 주세요'],
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

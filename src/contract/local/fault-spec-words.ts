import { saidIn, type Words } from '../../util/said-in.js';

// A fault spec the service cannot read (`intake local faults set`, `intake serve --faults`, the console's
// Faults page), in Korean: the terminal and the console say its English refusal through these.

/** Each refusal of a fault spec (see `server/faults/spec.ts`), in Korean. */
export const FAULT_SPEC_KO: readonly Words[] = [
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

/** A fault spec's refusal in Korean, when it is one of them. */
export const faultSpecKo = (text: string): string | undefined => saidIn(FAULT_SPEC_KO, text);

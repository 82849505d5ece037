import type { Factory } from '../../cli/factory.js';
import { count, counting } from '../../util/count.js';
import { terminalLang } from '../../util/terminal-lang.js';

// What `intake local …` tells a person on stderr, in Korean at a Korean terminal. The lines a list
// writes on stdout (events, requests, deliveries), JSON and a table's headers stay as they are in any
// locale: scripts read them.

export interface LocalWords {
  noEvents: string;
  noRequests: string;
  noRequestsBefore: string;
  olderRequests: (before: number) => string;
  noFaults: string;
  seedOfEveryone: (seed: number) => string;
  seedOfMerchant: (seed: number) => string;
  serviceAway: string;
  serviceBack: string;
  signingSecret: (header: string, secret: string) => string;
  forwarding: (after: number, to: string) => string;
  webhookRefused: (event: number, answer: string, attempts: number) => string;
  webhookBack: string;
  stoppedForwarding: (cut: number, ended: number, to: string) => string;
  /** `Showing 100; there are more: …` with the ways to see them (`next`, the limit, `narrower`). */
  more: (shown: number, next: string | undefined, max: number, narrower: string | undefined) => string;
  secretOnce: string;
  fakeTotals: (lines: number, writes: number, requests: number, refused: string[]) => string;
  sampleKeys: (lines: string[]) => string;
}

const ENGLISH: LocalWords = {
  noEvents: 'No events yet.',
  noRequests: 'No requests yet.',
  noRequestsBefore: 'No requests before that one.',
  olderRequests: (before) => `Older requests: intake local requests --before ${before}`,
  noFaults: 'No faults in force.',
  seedOfEveryone: (seed) => `The faults of --faults are drawn from seed ${seed}.`,
  seedOfMerchant: (seed) => `This merchant's faults are drawn from seed ${seed}.`,
  serviceAway: 'The service stopped answering; trying again every second (Ctrl-C to stop)…',
  serviceBack: 'The service answers again; following on.',
  signingSecret: (header, secret) => `Signing secret (header ${header}): ${secret}`,
  forwarding: (after, to) => `Forwarding events after ${after} to ${to} (Ctrl-C to stop)`,
  webhookRefused: (event, answer, attempts) =>
    `The webhook did not take event ${event} (${answer}); trying again, ${attempts} tries an event.`,
  webhookBack: 'The webhook takes events again.',
  stoppedForwarding: (cut, ended, to) =>
    `Stopped before forwarding ${counting(cut, 'event')} received after ${ended}; to forward them: intake local events --forward-to ${to} --since ${ended}`,
  more: (shown, next, max, narrower) => {
    const ways = [
      ...(next === undefined ? [] : [`the next ones with --after ${next}`]),
      `all at once with --limit up to ${count(max)}`,
      ...(narrower ? [`or narrow the list (${narrower})`] : []),
    ];
    return `Showing ${count(shown)}; there are more: ${ways.join(', ')}.`;
  },
  secretOnce: 'The secret is shown only this once. Use it with: intake login',
  fakeTotals: (lines, writes, requests, refused) =>
    `${counting(lines, 'line')}, ${counting(writes, 'write')} received, ${counting(requests, 'request')}` +
    (refused.length > 0 ? `; refused: ${refused.join(', ')}` : ''),
  sampleKeys: (lines) =>
    `The fake takes the sample keys. To log in to it:\n${lines.map((line) => `  ${line}`).join('\n')}`,
};

const KOREAN: LocalWords = {
  noEvents: '아직 이벤트가 없습니다.',
  noRequests: '아직 요청이 없습니다.',
  noRequestsBefore: '그보다 앞선 요청이 없습니다.',
  olderRequests: (before) => `이전 요청: intake local requests --before ${before}`,
  noFaults: '걸려 있는 장애가 없습니다.',
  seedOfEveryone: (seed) => `--faults의 장애는 시드 ${seed}에서 뽑습니다.`,
  seedOfMerchant: (seed) => `이 판매자의 장애는 시드 ${seed}에서 뽑습니다.`,
  serviceAway: '서비스가 응답하지 않습니다. 1초마다 다시 시도합니다 (멈추려면 Ctrl-C)…',
  serviceBack: '서비스가 다시 응답합니다. 이어서 받습니다.',
  signingSecret: (header, secret) => `서명 비밀 키 (헤더 ${header}): ${secret}`,
  forwarding: (after, to) => `이벤트 ${after} 다음부터 ${to}(으)로 전달합니다 (멈추려면 Ctrl-C)`,
  webhookRefused: (event, answer, attempts) =>
    `웹훅이 이벤트 ${event}을(를) 받지 않았습니다 (${answer}). 이벤트마다 ${attempts}번까지 다시 시도합니다.`,
  webhookBack: '웹훅이 다시 이벤트를 받습니다.',
  stoppedForwarding: (cut, ended, to) =>
    `이벤트 ${ended} 다음에 받은 이벤트 ${count(cut)}건을 전달하기 전에 멈췄습니다. 전달하려면: intake local events --forward-to ${to} --since ${ended}`,
  more: (shown, next, max, narrower) => {
    const ways = [
      ...(next === undefined ? [] : [`다음 것은 --after ${next}`]),
      `한 번에 보려면 --limit (최대 ${count(max)})`,
      ...(narrower ? [`또는 목록을 좁히세요 (${narrower})`] : []),
    ];
    return `${count(shown)}건을 보여 줍니다. 더 있습니다: ${ways.join(', ')}.`;
  },
  secretOnce: '비밀 키는 이번 한 번만 보여 줍니다. intake login으로 저장하세요',
  fakeTotals: (lines, writes, requests, refused) =>
    `라인 ${count(lines)}개, 받은 쓰기 ${count(writes)}건, 요청 ${count(requests)}건` +
    (refused.length > 0 ? `. 거절: ${refused.join(', ')}` : ''),
  sampleKeys: (lines) =>
    `이 가짜 마켓은 샘플 키를 받습니다. 로그인하려면:\n${lines.map((line) => `  ${line}`).join('\n')}`,
};

/** The words for this terminal. */
export const localWords = (f: Factory): LocalWords => (terminalLang(f.env) === 'ko' ? KOREAN : ENGLISH);

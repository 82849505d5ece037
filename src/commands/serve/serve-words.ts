import type { Factory } from '../../cli/factory.js';
import { listed } from '../../util/listed.js';
import { terminalLang } from '../../util/terminal-lang.js';

/**
 * What `intake serve` tells a person as it starts, warns of and stops, in Korean at a Korean terminal;
 * its `--json` line, which scripts and tests read, is the same in any language.
 */
export interface ServeWords {
  listening: (url: string, workers: number) => string;
  console: (url: string) => string;
  data: (where: string) => string;
  faults: (spec: string) => string;
  seeded: string;
  resetAllowed: string;
  merchant: (merchantId: string, accessKeyId: string, secret: string | undefined) => string;
  secretOnce: string;
  /** A secret, or an address with a password, given on the command line, which every user of the machine can read. */
  inProcessList: (flag: string, instead: readonly string[], password?: 'password') => string;
  stopping: (signal: string, processes: boolean) => string;
  secondSignal: string;
  stopped: string;
  processEnded: (pid: number | undefined, how: string) => string;
  keepEnding: string;
}

const ENGLISH: ServeWords = {
  listening: (url, workers) =>
    `Intake local service listening on ${url}${workers > 1 ? ` (${workers} processes)` : ''}`,
  console: (url) => `Console (what the bot sends, the queue, the clock, faults): ${url}/console`,
  data: (where) => `Data: ${where}`,
  faults: (spec) => `Faults for every merchant (--faults): ${spec}`,
  seeded: "Seeded (--seed): merchants with no data were given the seed's",
  resetAllowed: 'intake local reset is allowed (--allow-reset)',
  merchant: (merchantId, accessKeyId, secret) =>
    `Merchant ${merchantId}: access key id ${accessKeyId}${secret ? `, secret access key ${secret}` : ''}`,
  secretOnce: 'The generated secret is shown only this once. Save it with: intake login',
  inProcessList: (flag, instead, password) =>
    `${flag}${password ? ' with a password' : ''} shows in the process list; prefer ${listed(instead, 'or')}`,
  stopping: (signal, processes) =>
    processes
      ? `${signal}: the processes finish their requests in flight and close the database…`
      : `${signal}: finishing requests in flight and closing the database…`,
  secondSignal: 'Second signal: stopping now.',
  stopped: 'Stopped.',
  processEnded: (pid, how) => `process ${pid} ended (${how}); starting another`,
  keepEnding: 'the processes keep ending as they start; stopping',
};

const KOREAN: ServeWords = {
  listening: (url, workers) =>
    `Intake 로컬 서비스가 ${url}에서 요청을 받습니다${workers > 1 ? ` (프로세스 ${workers}개)` : ''}`,
  console: (url) => `콘솔 (봇이 보내는 메시지, 처리 대기열, 시계, 장애 주입): ${url}/console`,
  data: (where) => `데이터: ${where}`,
  faults: (spec) => `모든 판매자에게 장애 주입 (--faults): ${spec}`,
  seeded: '시드 데이터 (--seed): 데이터가 없던 판매자에게 시드 데이터를 넣었습니다',
  resetAllowed: 'intake local reset을 쓸 수 있습니다 (--allow-reset)',
  merchant: (merchantId, accessKeyId, secret) =>
    `판매자 ${merchantId}: 액세스 키 ID ${accessKeyId}${secret ? `, 비밀 액세스 키 ${secret}` : ''}`,
  secretOnce: '만든 비밀 키는 이번 한 번만 보여 줍니다. intake login으로 저장하세요',
  inProcessList: (flag, instead, password) =>
    `${password ? `비밀번호가 든 ${flag}` : flag}은(는) 프로세스 목록에 보입니다. 대신 ${listed(instead, '또는')}을(를) 쓰세요`,
  stopping: (signal, processes) =>
    `${signal}: ${processes ? '프로세스들이 ' : ''}처리 중인 요청을 마치고 데이터베이스를 닫습니다…`,
  secondSignal: '두 번째 신호: 바로 멈춥니다.',
  stopped: '멈췄습니다.',
  processEnded: (pid, how) => `프로세스 ${pid}이(가) 끝났습니다 (${how}). 새로 시작합니다`,
  keepEnding: '프로세스가 시작하자마자 계속 끝나서 멈춥니다',
};

export const serveWords = (f: Factory): ServeWords => (terminalLang(f.env) === 'ko' ? KOREAN : ENGLISH);

import { counting } from '../../util/count.js';
import type { Lang } from '../../util/terminal-lang.js';

/** What `intake ui` says in the terminal that started it: in Korean at a Korean terminal, as the page is. */
export interface UiTerminalWords {
  ready: (page: string) => string;
  signIn: (url: string) => string;
  working: (profile: string | undefined, service: string) => string;
  noBrowser: (reason: string) => string;
  stopping: (signal: string, uploads: number) => string;
  stopNow: string;
  stopped: string;
  diskFull: (message: string) => string;
}

const ENGLISH: UiTerminalWords = {
  ready: (page) => `Intake is ready at ${page}`,
  signIn: (url) => `To sign a browser in, open once: ${url}`,
  working: (profile, service) =>
    `Profile ${profile ?? '(environment)'}, service ${service}. Browsers signed in before stay signed in. Ctrl-C stops it.`,
  noBrowser: (reason) => `cannot open a browser (${reason}): open the address above`,
  stopping: (signal, uploads) =>
    uploads > 0
      ? `${signal}: stopping ${counting(uploads, 'upload')} as Ctrl-C does (requests on their way finish; again to abort them)…`
      : `${signal}: closing…`,
  stopNow: 'Third signal: stopping now.',
  stopped: 'Stopped.',
  diskFull: (message) => `warning: the disk is full: ${message}`,
};

const KOREAN: UiTerminalWords = {
  ready: (page) => `Intake 페이지가 준비되었습니다: ${page}`,
  signIn: (url) => `브라우저에서 한 번 열어 로그인하세요: ${url}`,
  working: (profile, service) =>
    `프로필 ${profile ?? '(환경 변수)'}, 서비스 ${service}. 전에 로그인한 브라우저는 그대로 씁니다. Ctrl-C로 멈춥니다.`,
  noBrowser: (reason) => `브라우저를 열 수 없습니다 (${reason}). 위 주소를 직접 여세요`,
  stopping: (signal, uploads) =>
    uploads > 0
      ? `${signal}: 올리는 중인 ${uploads}건을 멈춥니다 (보내는 중인 요청은 끝까지 갑니다. 한 번 더 누르면 끊습니다)…`
      : `${signal}: 닫는 중…`,
  stopNow: '세 번째 신호: 바로 멈춥니다.',
  stopped: '멈췄습니다.',
  diskFull: (message) => `경고: 디스크가 가득 찼습니다: ${message}`,
};

export const uiTerminalWords = (lang: Lang): UiTerminalWords => (lang === 'ko' ? KOREAN : ENGLISH);

import type { Factory } from '../../cli/factory.js';
import { terminalLang } from '../../util/terminal-lang.js';

// What `intake api` warns on stderr, in Korean at a Korean terminal. The answer on stdout is the
// service's, as it came.

export interface ApiWords {
  moreWithoutLink: (path: string) => string;
  lostAnswer: (request: string, conflict: boolean) => string;
  notFollowed: (request: string, status: number, to: string | undefined) => string;
  answered: (request: string, status: number) => string;
}

const ENGLISH: ApiWords = {
  moreWithoutLink: (path) =>
    `${path} says it has more (has_more) but links no next page: ask for more at once with a larger limit`,
  lostAnswer: (request, conflict) =>
    `an earlier attempt of ${request} lost its answer (the connection broke after it was sent), so the service may have done it already: ` +
    `the answer below is the retry's${conflict ? ' (a 409 means the earlier attempt did it)' : ''}. Check before sending it again.`,
  notFollowed: (request, status, to) =>
    `${request} answered HTTP ${status}${to === undefined ? '' : ` to ${to}`}, which was not followed (--no-follow): nothing was done`,
  answered: (request, status) => `${request} answered HTTP ${status}`,
};

const KOREAN: ApiWords = {
  moreWithoutLink: (path) =>
    `${path}에 더 있다고(has_more) 하지만 다음 페이지 링크가 없습니다. limit을 크게 해서 한 번에 받으세요`,
  lostAnswer: (request, conflict) =>
    `앞선 ${request} 시도가 응답을 받지 못했습니다 (보낸 뒤 연결이 끊겼습니다). 서비스가 이미 처리했을 수 있습니다: ` +
    `아래는 재시도의 응답입니다${conflict ? ' (409이면 앞선 시도가 처리한 것입니다)' : ''}. 다시 보내기 전에 확인하세요.`,
  notFollowed: (request, status, to) =>
    `${request}의 응답은 HTTP ${status}${to === undefined ? '' : ` (${to}(으)로)`}이지만 따라가지 않았습니다 (--no-follow): 아무것도 하지 않았습니다`,
  answered: (request, status) => `${request}의 응답: HTTP ${status}`,
};

/** The words of `intake api` in the terminal's language. */
export const apiWords = (f: Factory): ApiWords => (terminalLang(f.env) === 'ko' ? KOREAN : ENGLISH);

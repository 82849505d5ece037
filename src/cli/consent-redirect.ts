import { createServer, type Server } from 'node:http';

// Waiting at a Cafe24 app's loopback redirect address for the code of a consent: for `intake marketplace
// login cafe24 --listen` and for the marketplaces page of `intake ui`. Only this machine can reach such
// an address, and only the consent Intake asked for (its `state`) is taken, once.

/** The page a browser shows at the loopback redirect: in both languages, as the browser's may be either. */
export const CONSENT_PAGE = {
  taken: 'Intake가 코드를 받았습니다. 이 탭을 닫아도 됩니다.\nIntake has the code: you can close this tab.\n',
  notOurs: 'Intake가 요청한 동의가 아닙니다.\nThis is not the consent Intake asked for.\n',
  failed:
    'Intake가 코드를 받지 못했습니다. 동의부터 다시 하세요.\nIntake could not take the code: start the consent again.\n',
} as const;

/** The hosts a redirect address may name for Intake to wait there. */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether Intake can wait for a consent at this redirect address (http, on this machine). */
export function isLoopbackRedirect(redirectUri: string): boolean {
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    return false;
  }
  return url.protocol === 'http:' && LOOPBACK.has(url.hostname);
}

/** What the browser sent back to the redirect is shown: a page of words, or another address (303). */
export type ConsentAnswer = { text: string } | { location: string };

/** A wait at a redirect address; `close` ends it (it ends by itself once a code is taken). */
export interface ConsentWait {
  close(): void;
}

/**
 * Listens at `redirectUri` (a loopback address, see `isLoopbackRedirect`) until a request brings a code
 * with `state`; `take` gets that code and says what the browser is shown. Another path is a 404; a
 * request without the code or with another state is told it is not Intake's consent. Resolves once
 * listening; rejects when the address cannot be listened at (its port taken, say). With `background`,
 * the wait alone does not keep the process running.
 */
export function waitForConsent(
  redirectUri: string,
  state: string,
  take: (code: string) => Promise<ConsentAnswer>,
  options: { background?: boolean } = {},
): Promise<ConsentWait> {
  const url = new URL(redirectUri);
  let taken = false;
  const server: Server = createServer((request, reply) => {
    // Each answer is the connection's last, so the wait ends with its code, not a browser's keep-alive.
    reply.shouldKeepAlive = false;
    const at = new URL(request.url ?? '/', redirectUri);
    if (at.pathname !== url.pathname) {
      reply.writeHead(404).end();
      return;
    }
    const code = at.searchParams.get('code');
    if (taken || code === null || at.searchParams.get('state') !== state) {
      reply.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end(CONSENT_PAGE.notOurs);
      return;
    }
    taken = true;
    server.close();
    void take(code)
      .catch((): ConsentAnswer => ({ text: CONSENT_PAGE.failed }))
      .then((answer) => {
        if ('location' in answer) reply.writeHead(303, { location: answer.location }).end();
        else reply.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(answer.text);
      });
  });
  // In the background (beside a page's server), waiting never keeps the program running by itself.
  if (options.background) server.unref();
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(url.port || 80), url.hostname.replace(/^\[|\]$/g, ''), () => {
      server.off('error', reject);
      // Failing once listening (out of file handles, say) ends the wait; the code can still be pasted.
      server.on('error', () => server.close());
      resolve({ close: () => server.close() });
    });
  });
}

/** A wait for the code alone, at a terminal: `code` settles with it; `close` ends the wait unanswered. */
export interface CodeWait {
  code: Promise<string>;
  close(): void;
}

/**
 * Listens at `redirectUri` for the code of the consent with `state`, telling the browser it was taken
 * (for `intake marketplace login cafe24`). Resolves once listening; `code` never rejects, so a wait
 * closed unanswered leaves nothing unhandled.
 */
export async function waitForCode(redirectUri: string, state: string): Promise<CodeWait> {
  let taken: (code: string) => void = () => {};
  const code = new Promise<string>((resolve) => (taken = resolve));
  const wait = await waitForConsent(redirectUri, state, async (given) => {
    taken(given);
    return { text: CONSENT_PAGE.taken };
  });
  return { code, close: () => wait.close() };
}

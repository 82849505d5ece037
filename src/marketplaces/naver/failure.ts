// How an answer of Naver's API that is not a success becomes a MarketplaceError: its kind (auth, busy,
// refused, …), its message and the hints a person needs.
import { MarketplaceError } from '../errors.js';
import { answerJson, type MarketplaceAnswer } from '../http.js';
import { NaverError } from './schema.js';

/** The header in which Naver's gateway names a request. */
export const TRACE = 'gncp-gw-trace-id';

export function naverFailure(answer: MarketplaceAnswer, what: string): MarketplaceError {
  const traceId = answer.headers[TRACE];
  const parsed = NaverError.safeParse(answerJson(answer.text));
  const body = parsed.success ? parsed.data : undefined;
  const code = body?.code;
  const detail = body ? `${body.code}${body.message ? ` ${body.message}` : ''}` : `HTTP ${answer.status}`;
  const extra = { ...(code ? { code } : {}), status: answer.status, ...(traceId ? { traceId } : {}) };
  if (code === 'GW.IP_NOT_ALLOWED') {
    return new MarketplaceError(
      'naver',
      'blocked',
      `this computer's IP address is not allowed to call the API (${detail})`,
      {
        ...extra,
        hints: [
          'Register this IP address for the application in the Naver Commerce API Center, or call through a relay whose IP is registered (naver_base_url).',
        ],
      },
    );
  }
  if (answer.status === 401 || code === 'GW.AUTHN')
    return new MarketplaceError('naver', 'auth', `${what} was refused: ${detail}`, extra);
  if (answer.status === 429 || answer.status >= 500)
    return new MarketplaceError('naver', 'busy', `${what}: ${detail}`, extra);
  const inputs = body?.invalidInputs?.map((input) => input.name).join(', ');
  if (inputs && /timestamp/.test(inputs)) {
    return new MarketplaceError(
      'naver',
      'auth',
      `${what} was refused for its time (${detail}): is this computer's clock right?`,
      extra,
    );
  }
  if (inputs && /client/.test(inputs)) {
    return new MarketplaceError('naver', 'auth', `${what} was refused: ${detail} (${inputs})`, {
      ...extra,
      hints: ['Check the application id and secret: intake marketplace login naver'],
    });
  }
  return new MarketplaceError(
    'naver',
    'refused',
    `${what} was refused: ${detail}${inputs ? ` (${inputs})` : ''}`,
    extra,
  );
}

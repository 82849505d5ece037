// How an answer of Coupang's API that is not a success becomes a MarketplaceError: its kind (auth, busy,
// refused, …), its message and the hints a person needs.
import { MarketplaceError } from '../errors.js';
import { answerJson, type MarketplaceAnswer } from '../http.js';
import { CoupangError } from './schema.js';

export function coupangFailure(answer: MarketplaceAnswer, what: string): MarketplaceError {
  // Long because Coupang says what went wrong in many ways (status, code, message text, an HTML page from
  // its gateway); each case here is one of them.
  const parsed = CoupangError.safeParse(answerJson(answer.text));
  const body = parsed.success ? parsed.data : undefined;
  const message =
    body?.message ?? (answer.text.trim().startsWith('<') ? 'an HTML page' : `HTTP ${answer.status}`);
  const extra = {
    status: answer.status,
    ...(body?.transactionId ? { traceId: body.transactionId } : {}),
  };
  if (answer.status === 302) {
    return new MarketplaceError(
      'coupang',
      'blocked',
      `Coupang has blocked this caller (302) after too many calls or errors; stopped`,
      {
        ...extra,
        code: '302',
        hints: [
          'Wait before the next run (a block lasts minutes or more), and call from one place at a time.',
        ],
      },
    );
  }
  if (answer.status === 403) {
    const ip = /not allowed ip/i.test(message);
    return new MarketplaceError(
      'coupang',
      'blocked',
      ip
        ? `this computer's IP address is not registered for the key (${message})`
        : `Coupang refused access (${message}): a temporary block after errors`,
      {
        ...extra,
        code: ip ? 'NOT_ALLOWED_IP' : 'ACCESS_DENIED',
        hints: ip
          ? [
              'Register this IP address for the Open API key in Wing (it takes up to 30 minutes), or call through a relay whose IP is (coupang_base_url).',
            ]
          : ['Wait some minutes before the next run.'],
      },
    );
  }
  if (answer.status === 401) {
    const expired = /expired/i.test(message);
    return new MarketplaceError(
      'coupang',
      'auth',
      expired
        ? `the signature was refused as expired (${message}): is this computer's clock right?`
        : `the request's signature was refused (${message})`,
      {
        ...extra,
        code: '401',
        hints: expired
          ? ['Set the computer clock (it signs with the time in UTC).']
          : ['Check the vendor id and the keys: intake marketplace login coupang'],
      },
    );
  }
  if (answer.status === 404) {
    return new MarketplaceError(
      'coupang',
      'refused',
      `${what}: not found (${message}); is the vendor id right? (stopped: repeated 404s get a caller blocked)`,
      {
        ...extra,
        code: '404',
      },
    );
  }
  if (answer.status === 500 && /invoices/.test(what)) {
    return new MarketplaceError(
      'coupang',
      'refused',
      `${what}: ${message} (Coupang answers so for a courier code it does not know)`,
      { ...extra, code: '500' },
    );
  }
  if (answer.status >= 500) return new MarketplaceError('coupang', 'busy', `${what}: ${message}`, extra);
  return new MarketplaceError('coupang', 'refused', `${what} was refused: ${message}`, extra);
}

import { MarketplaceError } from '../errors.js';
import { answerJson, checked, formBody, type MarketplaceAnswer, type Transport } from '../http.js';
import { Cafe24OAuthError, Cafe24TokenAnswer } from './schema.js';

/** A mall's app credentials and its current tokens (the refresh token changes with every refresh). */
export interface Cafe24Credentials {
  mallId: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  accessToken?: string;
  /** When the access token ends, in milliseconds since the epoch. */
  accessExpiresAt?: number;
  refreshExpiresAt?: number;
}

/** The scopes Intake asks a Cafe24 mall for: orders (read and write), products and carriers (read). */
export const CAFE24_SCOPES = [
  'mall.read_order',
  'mall.write_order',
  'mall.read_product',
  'mall.read_shipping',
];

/** `Authorization: Basic base64(client_id:client_secret)` of the token endpoint. */
export function cafe24Basic(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`, 'utf8').toString('base64')}`;
}

/** The mall's API address: the base URL with `{mall_id}` filled in. */
export function cafe24MallUrl(baseUrl: string, mallId: string): string {
  return baseUrl.replace('{mall_id}', encodeURIComponent(mallId)).replace(/\/+$/, '');
}

/** The consent page a mall's operator opens to let Intake in. */
export function cafe24AuthorizeUrl(
  mallUrl: string,
  options: { clientId: string; redirectUri: string; state: string },
): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: options.clientId,
    state: options.state,
    redirect_uri: options.redirectUri,
    scope: CAFE24_SCOPES.join(','),
  });
  return `${mallUrl}/api/v2/oauth/authorize?${query.toString()}`;
}

/** A token request Cafe24 refused (RFC 6749's error body when it gives one), as an auth failure. */
export function tokenRefusal(
  answer: MarketplaceAnswer,
  what: string,
  hints: readonly string[],
): MarketplaceError {
  const error = Cafe24OAuthError.safeParse(answerJson(answer.text));
  const code = error.success ? error.data.error : `HTTP ${answer.status}`;
  const description =
    error.success && error.data.error_description ? `: ${error.data.error_description}` : '';
  return new MarketplaceError('cafe24', 'auth', `${what} was refused (${code}${description})`, {
    code,
    status: answer.status,
    hints,
  });
}

/** Cafe24's timestamps carry no offset: KST. */
export function cafe24Time(text: string): number {
  return Date.parse(/[zZ]|[+-]\d{2}:?\d{2}$/.test(text) ? text : `${text}+09:00`);
}

/** Trades a consent's one-time code (valid a minute) for the mall's first tokens. */
export async function exchangeCafe24Code(options: {
  mallUrl: string;
  mallId: string;
  clientId: string;
  clientSecret: string;
  code: string;
  redirectUri: string;
  transport: Transport;
}): Promise<Cafe24Credentials> {
  const answer = await options.transport.send({
    method: 'POST',
    url: `${options.mallUrl}/api/v2/oauth/token`,
    headers: {
      authorization: cafe24Basic(options.clientId, options.clientSecret),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: formBody({
      grant_type: 'authorization_code',
      code: options.code,
      redirect_uri: options.redirectUri,
    }),
  });
  if (answer.status !== 200)
    throw tokenRefusal(answer, 'the consent code', [
      'A code is valid for one minute and once: sign in again with intake marketplace login cafe24.',
    ]);

  const token = checked('cafe24', Cafe24TokenAnswer, answerJson(answer.text), 'the token request');
  return {
    mallId: options.mallId,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    accessToken: token.access_token,
    accessExpiresAt: cafe24Time(token.expires_at),
    refreshToken: token.refresh_token,
    refreshExpiresAt: cafe24Time(token.refresh_token_expires_at),
  };
}

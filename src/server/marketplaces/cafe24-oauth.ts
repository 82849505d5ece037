import { CAFE24_SCOPES, cafe24Basic } from '../../marketplaces/cafe24/oauth.js';
import { countRefusal, sameText, tokenFor } from './gate.js';
import type { FakeDoc } from './model.js';
import { cafe24Stamp, oauthError, type Answer } from './cafe24-answers.js';

/** A consent code lives a minute; an access token 2 hours; a refresh token 14 days (the reference's §4.1). */
export const CODE_MS = 60_000;
const ACCESS_MS = 2 * 3_600_000;
const REFRESH_MS = 14 * 86_400_000;

/** Issues a token pair; the refresh token it replaces (if any) is spent. */
function issuePair(doc: FakeDoc, merchantId: string, now: number, mallId: string): Answer {
  const pair = tokenFor('c24p', merchantId);
  const access = {
    value: tokenFor('c24a', merchantId),
    kind: 'access' as const,
    expiresAt: now + ACCESS_MS,
    pair,
  };
  const refresh = {
    value: tokenFor('c24r', merchantId),
    kind: 'refresh' as const,
    expiresAt: now + REFRESH_MS,
    pair,
  };
  doc.tokens = doc.tokens.filter((token) => token.expiresAt > now && !token.revoked).concat(access, refresh);
  return {
    status: 200,
    body: {
      access_token: access.value,
      expires_at: cafe24Stamp(access.expiresAt),
      refresh_token: refresh.value,
      refresh_token_expires_at: cafe24Stamp(refresh.expiresAt),
      client_id: doc.credentials.client_id,
      mall_id: mallId,
      user_id: 'intake',
      scopes: CAFE24_SCOPES,
      issued_at: cafe24Stamp(now),
      shop_no: '1',
      token_type: 'Bearer',
    },
  };
}

/** The consent page's answer: a redirect to the app with a code that lives a minute, or why not. */
export function consent(
  doc: FakeDoc,
  merchantId: string,
  query: Record<string, string>,
  now: number,
): Answer {
  if (query.response_type !== 'code')
    return oauthError(400, 'unsupported_response_type', 'response_type must be code');
  if (query.client_id !== doc.credentials.client_id)
    return oauthError(400, 'invalid_client', 'unknown client_id');
  if (!query.redirect_uri || query.redirect_uri !== doc.credentials.redirect_uri)
    return oauthError(400, 'invalid_request', 'redirect_uri does not match the app');
  const code = tokenFor('c24c', merchantId);
  doc.tokens.push({ value: code, kind: 'code', expiresAt: now + CODE_MS });
  const to = new URL(query.redirect_uri);
  to.searchParams.set('code', code);
  if (query.state) to.searchParams.set('state', query.state);
  return { status: 302, body: '', headers: { location: to.toString() } };
}

/**
 * The token endpoint: the app's Basic credentials, then a consent code (used once, within its minute) or a
 * refresh token (spent when used) for a new pair.
 */
export function grantToken(
  doc: FakeDoc,
  merchantId: string,
  mallId: string,
  fields: Record<string, string>,
  authorization: string,
  now: number,
): Answer {
  const expected = cafe24Basic(doc.credentials.client_id ?? '', doc.credentials.client_secret ?? '');
  if (!sameText(expected, authorization))
    return (
      countRefusal(doc, 'invalid_client'),
      oauthError(401, 'invalid_client', 'client authentication failed')
    );
  if (fields.grant_type === 'authorization_code') {
    const code = doc.tokens.find((token) => token.kind === 'code' && token.value === fields.code);
    if (!code || code.revoked || code.expiresAt <= now)
      return (
        countRefusal(doc, 'invalid_grant'),
        oauthError(400, 'invalid_grant', 'the code is unknown, used or expired')
      );
    if (fields.redirect_uri !== doc.credentials.redirect_uri)
      return oauthError(400, 'invalid_grant', 'redirect_uri does not match');
    code.revoked = true;
    return issuePair(doc, merchantId, now, mallId);
  }
  if (fields.grant_type === 'refresh_token') {
    const refresh = doc.tokens.find(
      (token) => token.kind === 'refresh' && token.value === fields.refresh_token,
    );
    if (!refresh || refresh.revoked || refresh.expiresAt <= now)
      return (
        countRefusal(doc, 'invalid_grant'),
        oauthError(400, 'invalid_grant', 'the refresh token is unknown, used or expired')
      );
    refresh.revoked = true;
    return issuePair(doc, merchantId, now, mallId);
  }
  return oauthError(400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
}

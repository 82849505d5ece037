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

/** Connection errors that mean the request never left: it is safe to say the service has nothing. */
export const NOT_SENT: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/** A network failure in words for people: what to check. */
export function describeNetworkError(error: unknown, timeoutMs: number): string {
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused (is the service running?)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found';
    case 'UND_ERR_CONNECT_TIMEOUT':
      return `could not connect within ${timeoutMs / 1000}s`;
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
      return `no answer within ${timeoutMs / 1000}s`;
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
    case 'UND_ERR_CLOSED':
      return 'the connection was closed before the service answered';
    case 'ERR_SSL_WRONG_VERSION_NUMBER':
    case 'ERR_SSL_PACKET_LENGTH_TOO_LONG':
      // A TLS hello answered in plain text: the address says https, the service speaks http.
      return 'it does not speak HTTPS at this address (is the URL http:// ?)';
    default:
      // Node's own TLS says the same with its code EPROTO and OpenSSL's words.
      if (error instanceof Error && /wrong version number|packet length too long/i.test(error.message))
        return 'it does not speak HTTPS at this address (is the URL http:// ?)';
      if (error instanceof Error && /SSL routines|wrong version number/i.test(error.message))
        return 'the secure connection failed (is the URL http:// or https:// as the service expects?)';
      return error instanceof Error ? error.message : String(error);
  }
}

import { SERVICE_ENDPOINTS, VALID_CREDENTIALS_REASON } from '../../contract/index.js';
import type { ServiceContext } from '../context.js';
import type { Route } from '../http/routing.js';

export function utilityRoutes(service: ServiceContext): Route[] {
  return [
    {
      endpoint: SERVICE_ENDPOINTS.checkCredentials,
      handler: async (request) => {
        const result = service.merchants.authenticate(request.headers.authorization);
        return result.ok
          ? { is_valid: true, reason: VALID_CREDENTIALS_REASON }
          : { is_valid: false, reason: result.detail };
      },
    },
    {
      endpoint: SERVICE_ENDPOINTS.health,
      handler: async () => ({ status: 'available' }),
    },
  ];
}

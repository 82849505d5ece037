import { VALID_CREDENTIALS_REASON } from '../../contract/index.js';
import type { Service } from '../service.js';
import type { SomeHandlers } from './types.js';

export const utilityHandlers = (service: Service): SomeHandlers<'checkCredentials' | 'health'> => ({
  checkCredentials: async (request) => {
    const result = await service.merchants.authenticate(request.headers.authorization);
    // A check with working credentials is that merchant's request: its journal keeps it, as any other.
    if (result.ok) request.merchant = result.merchant;
    return result.ok
      ? { is_valid: true, reason: VALID_CREDENTIALS_REASON }
      : { is_valid: false, reason: result.detail };
  },
  health: async () => ({ status: 'available' }),
});

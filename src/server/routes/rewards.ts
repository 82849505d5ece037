import type { Service } from '../service.js';
import type { SomeHandlers } from './types.js';

export const rewardHandlers = (service: Service): SomeHandlers<'listRewards'> => ({
  listRewards: async (request) => service.listRewards(request.merchant.id, request.query),
});

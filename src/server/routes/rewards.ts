import {
  DAY_MS,
  REVERSED_RANGE_DETAIL,
  RewardsQuery,
  SERVICE_ENDPOINTS,
  startOfUtcDay,
} from '../../contract/index.js';
import type { ServiceContext } from '../context.js';
import { readQuery } from '../http/body.js';
import { HttpError } from '../http/errors.js';
import type { Route } from '../http/routing.js';

export function rewardRoutes(service: ServiceContext): Route[] {
  return [
    {
      endpoint: SERVICE_ENDPOINTS.listRewards,
      handler: async (request) => {
        const { start_date, end_date } = readQuery(RewardsQuery, request.query);
        if (start_date > end_date) throw new HttpError(400, REVERSED_RANGE_DETAIL);
        const rows = service.store.rewards.between(
          request.merchant.id,
          startOfUtcDay(start_date),
          startOfUtcDay(end_date) + DAY_MS,
        );
        return {
          results: rows.map((row) => ({
            created_at: new Date(row.created_at).toISOString(),
            member_id: row.member_id,
            rewards: row.rewards,
            reason: row.reason,
          })),
        };
      },
    },
  ];
}

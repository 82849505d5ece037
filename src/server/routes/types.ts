import type { FAKE_ENDPOINTS, LOCAL_ENDPOINTS, serviceEndpoints } from '../../contract/index.js';
import type { Handlers } from '../plugins/contract.js';

/** The operations `intake serve` answers: the service's nine, the local ones and the fakes' control plane. */
export type ServedEndpoints = ReturnType<typeof serviceEndpoints> &
  typeof LOCAL_ENDPOINTS &
  typeof FAKE_ENDPOINTS;

/** Handlers for some of the operations. */
export type SomeHandlers<K extends keyof ServedEndpoints> = Pick<Handlers<ServedEndpoints>, K>;

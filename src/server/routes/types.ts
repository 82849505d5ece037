import type { LOCAL_ENDPOINTS, serviceEndpoints } from '../../contract/index.js';
import type { Handlers } from '../plugins/contract.js';

/** The operations `intake serve` answers: the service's nine and the local ones. */
export type ServedEndpoints = ReturnType<typeof serviceEndpoints> & typeof LOCAL_ENDPOINTS;

/** Handlers for some of the operations. */
export type SomeHandlers<K extends keyof ServedEndpoints> = Pick<Handlers<ServedEndpoints>, K>;

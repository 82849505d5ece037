// The paths of the service's one-shot checks, as plain text: the light client of `intake health`,
// `keys check` and `queue status` sends to them without loading the schemas; the endpoint table uses
// the same.

export const HEALTH_PATH = '/api/v1/health/';
export const CREDENTIAL_CHECK_PATH = '/api/v1/users/client-keys/';
export const SHIPMENT_QUEUE_PATH = '/api/v1/shipments/status/';

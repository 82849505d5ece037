/**
 * How much longer than usual tests wait for what happens on its own, on a slow or busy machine
 * (`INTAKE_TEST_SLOWDOWN`, default 1). Waits are generous: a test never fails because the machine is
 * busy, only because the thing never happens. Timing claims belong to `npm run bench`.
 */
export const SLOWDOWN = Math.max(1, Number(process.env.INTAKE_TEST_SLOWDOWN ?? 1) || 1);

/** `ms` stretched by the slowdown. */
export function patience(ms: number): number {
  return ms * SLOWDOWN;
}

import envPaths from 'env-paths';

type Env = Readonly<Record<string, string | undefined>>;

/** Where the config lives: `INTAKE_CONFIG_DIR`, or the OS config directory for intake. */
export function configDir(env: Env): string {
  return env.INTAKE_CONFIG_DIR || envPaths('intake', { suffix: '' }).config;
}

/**
 * Where intake keeps data: the upload ledger, and `intake serve`'s database unless `--data` says
 * otherwise. `INTAKE_DATA_DIR`, or the OS data directory for intake.
 */
export function dataDir(env: Env): string {
  return env.INTAKE_DATA_DIR || envPaths('intake', { suffix: '' }).data;
}

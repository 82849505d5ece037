import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from '../bench/lib/postgres-cluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throw-away cluster's `postgres` database. */
    postgresUrl: string;
  }
}

/**
 * The PostgreSQL half of `npm test`: one throw-away cluster for the run (initdb and pg_ctl on a temp
 * folder and a free port), removed at the end. The config leaves this half out where the binaries are
 * absent, unless INTAKE_TEST_POSTGRES=required (CI), which makes that a failure here.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const cluster = await startPostgresCluster();
  if (cluster === undefined) {
    throw new Error('no PostgreSQL binaries (initdb, pg_ctl) were found, and INTAKE_TEST_POSTGRES=required');
  }
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}

import { openDatabase, type Db } from '../../storage/sqlite.js';
import { MIGRATIONS } from './migrations.js';

export type { Db };

/** The schema version this build writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Opens the service's SQLite file for this process alone. WAL with `synchronous = FULL`: a commit is on
 * disk before it returns, which is what lets the service answer 202 only for creates that survive a crash.
 */
export function openServiceDatabase(file: string): Db {
  return openDatabase(file, {
    migrations: MIGRATIONS,
    synchronous: 'FULL',
    exclusive: file !== ':memory:',
    what: 'the data folder of intake serve',
  });
}

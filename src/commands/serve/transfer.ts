import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { dataDir } from '../../cli/paths.js';
import type { EngineOptions } from '../../server/storage/open.js';
import { adminWords } from './admin-words.js';
import { SERVE_DATABASE_ENV } from './serve-options.js';
import { serveWords } from './serve-words.js';

/** Where a copy reads or writes: a data folder (SQLite) or a PostgreSQL database. */
export interface Place {
  engine: EngineOptions;
  /** For people: the folder, or the database's address without its password. */
  name: string;
}

export interface TransferOptions {
  from: Place;
  to: Place;
}

/** A folder or a postgres:// address, as given; the password of an address is never shown. */
export function place(f: Factory, flag: string, given: string): Place {
  if (!/^postgres(ql)?:\/\//i.test(given)) return { engine: { dataDir: given }, name: given };
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new UsageError(`${flag} is not a URL like postgres://user@host:5432/database`);
  }
  if (url.password !== '') {
    f.log.warn(serveWords(f).inProcessList(flag, ['PGPASSWORD', '~/.pgpass'], 'password'));
  }
  url.password = '';
  return { engine: { databaseUrl: given }, name: url.toString().replace(/:@/, '@') };
}

/** The service's own place when none is given: the environment's database, else the user data folder. */
export function defaultPlace(f: Factory): string {
  return f.env[SERVE_DATABASE_ENV] || dataDir(f.env);
}

/** Copies the state, says each table's rows, and maps what the user can fix to exit 2. */
export async function transferRun(options: TransferOptions, f: Factory): Promise<void> {
  const [{ openEngine }, { copyState, TargetNotEmpty, CopyMismatch }, { DatabaseOpenError }] =
    await Promise.all([
      import('../../server/storage/open.js'),
      import('../../server/storage/transfer.js'),
      import('../../storage/sqlite.js'),
    ]);
  const open = async (which: Place, role: 'source' | 'target') => {
    try {
      // A database copied from is only read: one holding no service, or one whose schema is behind, is
      // refused rather than given a schema (a data folder's file is brought up to date as serve would).
      return await openEngine(role === 'source' ? { ...which.engine, migrate: false } : which.engine);
    } catch (error) {
      if (error instanceof DatabaseOpenError) {
        if (error.code === 'no_service' && role === 'source') {
          throw new UsageError(`${which.name} holds no data of intake serve (no intake schema)`, [
            'Give the database of the service to copy with --from.',
          ]);
        }
        const hint = error.code === 'in_use' ? ['Stop the intake serve that uses it first.'] : [];
        throw new UsageError(`cannot open the ${role} ${which.name}: ${error.message}`, hint);
      }
      throw error;
    }
  };
  if (options.from.name === options.to.name) throw new UsageError('the source and the target are the same');
  const folder = options.from.engine.dataDir;
  if (folder !== undefined && !existsSync(join(folder, 'intake.db'))) {
    throw new UsageError(`${folder} holds no data of intake serve (no intake.db)`, [
      'Give the data folder of the service to copy with --from.',
    ]);
  }
  const source = await open(options.from, 'source');
  try {
    const target = await open(options.to, 'target');
    try {
      const words = adminWords(f);
      f.log.info(words.copying(options.from.name, options.to.name));
      const tables = await copyState(source, target, (table) =>
        f.log.info(words.table(table.table, table.rows)),
      );
      if ((await f.settings()).output.value === 'json') {
        f.io.stdout.write(`${JSON.stringify({ from: options.from.name, to: options.to.name, tables })}\n`);
      } else {
        const rows = tables.reduce((sum, table) => sum + table.rows, 0);
        f.io.stdout.write(`${words.copied(rows, tables.length, options.from.name, options.to.name)}\n`);
      }
    } catch (error) {
      if (error instanceof TargetNotEmpty) {
        throw new UsageError(`${options.to.name}: ${error.message}; nothing was copied`, [
          'Copy into a new data folder or an empty database.',
        ]);
      }
      if (error instanceof CopyMismatch) {
        throw new Error(`the copy differs from the source (${error.message}); nothing was kept`, {
          cause: error,
        });
      }
      throw error;
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

/** `--data DIR`, the service's own folder as `intake serve --data` names it, standing for `--from` or `--to`. */
function ownPlace(
  f: Factory,
  flags: { data?: string },
  given: string | undefined,
  stands: '--from' | '--to',
): Place {
  if (flags.data !== undefined && given !== undefined)
    throw new UsageError(`give --data or ${stands}, not both: --data is the service's folder, as ${stands}`);
  return place(f, stands, given ?? flags.data ?? defaultPlace(f));
}

const HELP_PLACES =
  'A place is a data folder (SQLite) or a postgres:// address; the password of an address is best given in PGPASSWORD or ~/.pgpass.';

export function newExportCommand(
  f: Factory,
  runF: (options: TransferOptions, f: Factory) => Promise<void> = transferRun,
): Command {
  return new Command('export')
    .description("Copy the local service's whole state to another database (stop intake serve first)")
    .requiredOption('--to <place>', 'where to copy to: a new data folder or an empty PostgreSQL database')
    .option(
      '--from <place>',
      `where the state is (default: ${SERVE_DATABASE_ENV}, else the user data folder)`,
    )
    .option('--data <dir>', "the service's data folder, as intake serve --data names it (the same as --from)")
    .addHelpText(
      'after',
      `\n${HELP_PLACES}\n${examples(
        'intake serve export --to postgres://intake@db.internal:5432/intake',
        'intake serve export --data ./.intake-data --to postgres://intake@127.0.0.1/sandbox --json',
      )}`,
    )
    .action(async (flags: { to: string; from?: string; data?: string }) =>
      runF({ from: ownPlace(f, flags, flags.from, '--from'), to: place(f, '--to', flags.to) }, f),
    );
}

export function newImportCommand(
  f: Factory,
  runF: (options: TransferOptions, f: Factory) => Promise<void> = transferRun,
): Command {
  return new Command('import')
    .description("Copy a whole state from another database into the local service's (which must be empty)")
    .requiredOption('--from <place>', 'where to copy from: a data folder or a PostgreSQL database')
    .option(
      '--to <place>',
      `where the service keeps its state (default: ${SERVE_DATABASE_ENV}, else the user data folder)`,
    )
    .option('--data <dir>', "the service's data folder, as intake serve --data names it (the same as --to)")
    .addHelpText(
      'after',
      `\n${HELP_PLACES}\n${examples(
        'intake serve import --from postgres://intake@db.internal:5432/intake --data ./.intake-data',
        'INTAKE_SERVE_DATABASE_URL=postgres://intake@127.0.0.1/sandbox intake serve import --from ./.intake-data',
      )}`,
    )
    .action(async (flags: { from: string; to?: string; data?: string }) =>
      runF({ from: place(f, '--from', flags.from), to: ownPlace(f, flags, flags.to, '--to') }, f),
    );
}

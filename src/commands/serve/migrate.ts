import { Command } from 'commander';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData } from '../../cli/output.js';
import { adminWords } from './admin-words.js';
import { defaultPlace, place, type Place } from './transfer.js';

export interface MigrateOptions {
  place: Place;
}

/**
 * Brings a service's database up to date (or makes it, in an empty one) and ends: what the database's
 * owner runs, so that `intake serve` itself can run as a user with rights to rows only.
 */
export async function migrateRun(options: MigrateOptions, f: Factory): Promise<void> {
  const [{ openEngine }, { DatabaseOpenError }] = await Promise.all([
    import('../../server/storage/open.js'),
    import('../../storage/sqlite.js'),
  ]);
  let engine;
  try {
    engine = await openEngine(options.place.engine);
  } catch (error) {
    if (error instanceof DatabaseOpenError)
      throw new UsageError(`cannot open the database ${options.place.name}: ${error.message}`);
    throw error;
  }
  const version = 'schemaVersion' in engine ? Number(engine.schemaVersion) : undefined;
  await engine.close();
  await writeData(f, {
    json: {
      database: options.place.name,
      ...(version === undefined ? {} : { schema: version }),
      up_to_date: true,
    },
    rows: [options.place.name],
    columns: [{ header: 'database', value: (name) => name }],
  });
  f.log.info(adminWords(f).upToDate(version));
}

export function newMigrateCommand(
  f: Factory,
  runF: (options: MigrateOptions, f: Factory) => Promise<void> = migrateRun,
): Command {
  return new Command('migrate')
    .description("Make or bring a service's database up to date, then end (as the database's owner)")
    .option('--to <place>', 'the data folder or postgres:// database (default: as intake serve would)')
    .addHelpText(
      'after',
      examples(
        'intake serve migrate --to postgres://owner@db.internal/intake',
        'INTAKE_SERVE_DATABASE_URL=postgres://owner@127.0.0.1/sandbox intake serve migrate',
      ),
    )
    .action((flags: { to?: string }) => runF({ place: place(f, '--to', flags.to ?? defaultPlace(f)) }, f));
}

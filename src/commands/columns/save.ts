import { RECORD_KINDS } from '../../contract/kinds.js';
import { Command } from 'commander';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { columnsWords } from './words.js';
import type { ResourceName } from '../../bulk/index.js';

export interface ColumnsSaveOptions {
  name: string;
  kind: string;
  columns: string;
}

const KINDS: readonly string[] = RECORD_KINDS;

/**
 * Saves a column mapping under a name: afterwards `--columns NAME` reads with it, and a file whose header
 * fits it is read with it without being told (as a preset's is), in the CLI and in `intake ui`.
 */
export async function columnsSaveRun(options: ColumnsSaveOptions, f: Factory): Promise<void> {
  if (!KINDS.includes(options.kind)) {
    throw new UsageError(`--kind must be one of ${KINDS.join(', ')}, not "${options.kind}"`);
  }
  const kind = options.kind as ResourceName;
  const [{ readColumnMapping }, { tableLayout }, { saveLayout, layoutName }] = await Promise.all([
    import('../../bulk/index.js'),
    import('../../bulk/index.js'),
    import('../../cli/saved-layouts.js'),
  ]);
  const name = layoutName(options.name);
  let mapping;
  try {
    mapping = await readColumnMapping(options.columns, tableLayout(kind));
  } catch (error) {
    throw new UsageError((error as Error).message, (error as { hints?: string[] }).hints ?? []);
  }
  const columns: Record<string, string | readonly string[]> = {};
  for (const [column, header] of mapping) {
    columns[column] =
      typeof header === 'string' || Array.isArray(header) ? header : (header as { any: string[] }).any;
  }
  const path = await saveLayout(f.env, { name, kind, columns, header: [] });
  f.log.info(columnsWords(f).saved(name, kind, path));
}

export function newColumnsSaveCommand(
  f: Factory,
  runF: (options: ColumnsSaveOptions, f: Factory) => Promise<void> = columnsSaveRun,
): Command {
  return new Command('save')
    .description('Save a mapping of your headers under a name, for --columns NAME and for recognising them')
    .argument('<name>', 'the name to save it under')
    .requiredOption('--kind <kind>', 'what the files hold: order, product or shipment')
    .requiredOption('--columns <mapping>', '"order_id=주문번호,recipient_name=수령인" or a JSON file')
    .addHelpText(
      'after',
      examples(
        'intake columns save my-shop --kind order --columns fixtures/columns-ko.json',
        'intake order create export.csv --columns my-shop',
      ),
    )
    .action((name: string, flags: { kind: string; columns: string }) => runF({ name, ...flags }, f));
}

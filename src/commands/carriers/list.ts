import { Command } from 'commander';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData } from '../../cli/output.js';
import { carrierListKo } from '../../contract/carrier-list.js';
import { terminalLang } from '../../util/terminal-lang.js';

/** Whose list it is, and that a service may take other codes: in Korean at a Korean terminal. */
function whoseList(f: Factory, source: string): string {
  if (terminalLang(f.env) === 'ko') {
    const whose = carrierListKo(source);
    return (
      `${whose}의 택배사입니다. 서비스는 다른 코드도 받을 수 있습니다: intake는 모르는 코드도 경고와 함께 보냅니다. ` +
      '서비스의 목록을 쓰려면 --carriers 파일 또는 intake config set carriers 파일'
    );
  }
  return (
    `From ${source}. A service may accept other codes: intake sends a code it does not know (with a warning); ` +
    'give a service’s own list with --carriers FILE or: intake config set carriers FILE'
  );
}

export interface CarriersOptions {
  carriersFile?: string;
}

/** Prints the carriers this tool knows and says whose list it is. */
export async function carriersRun(options: CarriersOptions, f: Factory): Promise<void> {
  const { loadCarriers } = await import('../../cli/carriers.js');
  const book = await loadCarriers(f, options.carriersFile);
  await writeData(f, {
    json: book.carriers,
    rows: book.carriers,
    columns: [
      { header: 'code', value: (carrier) => carrier.code },
      { header: 'name', value: (carrier) => carrier.name },
    ],
  });
  f.log.info(whoseList(f, book.source));
}

export function newCarriersCommand(
  f: Factory,
  runF: (options: CarriersOptions, f: Factory) => Promise<void> = carriersRun,
): Command {
  return new Command('carriers')
    .description('List the carrier codes a shipment may use (company_code), and say whose list it is')
    .option(
      '--carriers <file>',
      'a JSON list of {code, name} to print instead (default: the profile’s, else built in)',
    )
    .addHelpText(
      'after',
      examples('intake carriers', 'intake carriers --json', 'intake carriers -o csv > carriers.csv'),
    )
    .action((flags: { carriers?: string }) =>
      runF(flags.carriers === undefined ? {} : { carriersFile: flags.carriers }, f),
    );
}

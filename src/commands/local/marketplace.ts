import { readFile } from 'node:fs/promises';
import { Command, Option } from 'commander';
import type { z } from 'zod';
import type { FakeLineChange } from '../../contract/marketplace-fakes.js';
import { FakeSeed, FakeSettings, type FakeState } from '../../contract/marketplace-fakes.js';
import { UsageError } from '../../cli/errors.js';
import { InvalidInput } from '../../cli/invalid-input.js';
import { check } from '../../contract/validation.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeData } from '../../cli/output.js';
import { wholeNumber } from '../../cli/values.js';
import { parseJsonGiven } from '../../cli/json-file.js';
import { readErrorReason } from '../../util/file-errors.js';
import type { Marketplace } from '../../marketplaces/names.js';
import {
  SAMPLE_CAFE24_CARRIERS,
  SAMPLE_CREDENTIALS,
  SAMPLE_PREFIXES,
  sampleLogin,
  sampleSeed,
} from '../../marketplaces/sample.js';
import { marketplaceArgument } from '../shared/marketplace-arg.js';
import { localWords } from './words.js';

/** What a fake holds, line by line; writes and refusals counted below. */
async function showFake(f: Factory, state: FakeState): Promise<void> {
  await writeData(f, {
    json: state,
    rows: state.lines,
    columns: [
      { header: 'order', value: (line) => line.order_id },
      { header: 'line', value: (line) => line.line_id },
      { header: 'status', value: (line) => line.status },
      { header: 'claim', value: (line) => line.claim ?? '' },
      { header: 'tracking', value: (line) => line.tracking_number ?? '' },
      { header: 'carrier', value: (line) => line.carrier_code ?? '' },
    ],
  });
  const refused = Object.entries(state.refused).map(([why, count]) => `${count} ${why}`);
  f.log.info(localWords(f).fakeTotals(state.lines.length, state.writes.length, state.requests, refused));
}

/** What a file for a fake holds: orders and products (`seed`), or settings (`set`). */
const FAKE_FILES = { seed: 'orders and products for a fake', settings: 'settings of a fake' } as const;

/**
 * A JSON document from FILE (`-` for standard input), checked against the contract before it is sent:
 * one that is not `what` is refused with each thing wrong with it.
 */
async function readJson<S extends z.ZodType>(
  f: Factory,
  file: string,
  schema: S,
  what: keyof typeof FAKE_FILES,
): Promise<z.output<S>> {
  let text: string;
  try {
    if (file === '-') {
      const chunks: Buffer[] = [];
      for await (const chunk of f.io.stdin)
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
      text = Buffer.concat(chunks).toString('utf8');
    } else text = await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${readErrorReason(error)}`);
  }
  const value = parseJsonGiven(file, text);
  const checked = check(schema, value, []);
  if (!checked.ok) throw new InvalidInput(`${file} is not ${FAKE_FILES[what]}:`, checked.issues);
  return checked.value;
}

interface SetFlags {
  sampleCredentials?: boolean;
  allow?: string;
  callerIp?: string;
  storm?: number;
  timeoutAfterWrite?: number;
  block?: number;
  duplicatePages?: boolean;
}

/** The settings the flags describe, over those of FILE. */
export function settingsOf(marketplace: Marketplace, flags: SetFlags, base: FakeSettings = {}): FakeSettings {
  const faults = {
    ...base.faults,
    ...(flags.storm === undefined ? {} : { storm: flags.storm }),
    ...(flags.timeoutAfterWrite === undefined ? {} : { timeout_after_write: flags.timeoutAfterWrite }),
    ...(flags.block === undefined ? {} : { block_minutes: flags.block }),
    ...(flags.duplicatePages === undefined ? {} : { duplicate_pages: flags.duplicatePages }),
  };
  return {
    ...base,
    ...(flags.sampleCredentials ? { credentials: { ...SAMPLE_CREDENTIALS[marketplace] } } : {}),
    ...(flags.allow === undefined
      ? {}
      : {
          allowlist:
            flags.allow === 'any'
              ? null
              : flags.allow
                  .split(',')
                  .map((ip) => ip.trim())
                  .filter(Boolean),
        }),
    ...(flags.callerIp === undefined ? {} : { caller_ip: flags.callerIp }),
    ...(Object.keys(faults).length > 0 ? { faults } : {}),
  };
}

const count = (name: string) => (value: string) => wholeNumber(name, value, { min: 0, max: 10_000 });

/** `show`: what the fake holds. */
function addShowCommand(f: Factory, command: Command): void {
  command
    .command('show')
    .description('What the fake holds: its lines, with the tracking numbers written to them')
    .addArgument(marketplaceArgument())
    .addHelpText(
      'after',
      examples('intake local marketplace show naver', 'intake local marketplace show coupang --json'),
    )
    .action(async (marketplace: Marketplace) =>
      showFake(f, await (await f.apiClient()).local.marketplace.state(marketplace)),
    );
}

/** `seed`: orders and products added to the fake, from a file or made up. */
function addSeedCommand(f: Factory, command: Command): void {
  command
    .command('seed')
    .description('Add paid orders and products to the fake (a JSON file, or sample orders)')
    .addArgument(marketplaceArgument())
    .argument('[file]', 'orders and products as JSON (see the OpenAPI document, FakeSeed); - for stdin')
    .addOption(
      new Option(
        '--sample <n>',
        "N sample orders of one line each, with five products (and a Cafe24 mall's carriers)",
      ).argParser(count('--sample')),
    )
    .option(
      '--prefix <text>',
      "what the sample ids start with (default: one of each marketplace's own, naver 2026112500, coupang 32000009, cafe24 20261125-0)",
    )
    .addHelpText(
      'after',
      examples(
        'intake local marketplace seed naver --sample 20',
        'intake local marketplace seed coupang orders.json',
      ),
    )
    .action(
      async (
        marketplace: Marketplace,
        file: string | undefined,
        flags: { sample?: number; prefix?: string },
      ) => {
        if ((file === undefined) === (flags.sample === undefined))
          throw new UsageError('give either a FILE or --sample N');
        const seed =
          file === undefined
            ? {
                ...sampleSeed(flags.prefix ?? SAMPLE_PREFIXES[marketplace], flags.sample ?? 0),
                ...(marketplace === 'cafe24' ? { carriers: SAMPLE_CAFE24_CARRIERS } : {}),
              }
            : await readJson(f, file, FakeSeed, 'seed');
        await showFake(f, await (await f.apiClient()).local.marketplace.seed(marketplace, seed));
      },
    );
}

/** `set`: the fake's keys, allowlist, apparent caller and faults. */
function addSetCommand(f: Factory, command: Command): void {
  command
    .command('set')
    .description("Set the fake's keys, IP allowlist, apparent caller and faults")
    .addArgument(marketplaceArgument())
    .argument('[file]', 'settings as JSON (FakeSettings); the flags apply over it')
    .option('--sample-credentials', 'the sample keys (the command then says how to log in with them)')
    .option('--allow <ips>', 'caller IPs allowed, comma-separated; "any" for all')
    .option('--caller-ip <ip>', 'the IP the fake takes every caller for')
    .addOption(new Option('--storm <n>', 'the next N requests answer 429').argParser(count('--storm')))
    .addOption(
      new Option(
        '--timeout-after-write <n>',
        'the next N writes apply, then answer a gateway time-out',
      ).argParser(count('--timeout-after-write')),
    )
    .addOption(
      new Option('--block <minutes>', 'Coupang: block the vendor (302) for M minutes').argParser(
        count('--block'),
      ),
    )
    .option('--duplicate-pages', 'every list page is answered twice')
    .addHelpText(
      'after',
      examples(
        'intake local marketplace set naver --sample-credentials',
        'intake local marketplace set naver --allow 203.0.113.10 --caller-ip 198.51.100.7',
        'intake local marketplace set coupang --storm 5',
      ),
    )
    .action(async (marketplace: Marketplace, file: string | undefined, flags: SetFlags) => {
      const base = file === undefined ? {} : await readJson(f, file, FakeSettings, 'settings');
      const settings = settingsOf(marketplace, flags, base);
      if (Object.keys(settings).length === 0) throw new UsageError('nothing to set: give a FILE or a flag');
      await showFake(f, await (await f.apiClient()).local.marketplace.set(marketplace, settings));
      if (flags.sampleCredentials) {
        const lines = sampleLogin(marketplace, (await f.settings()).baseUrl.value);
        f.log.info(localWords(f).sampleKeys(lines));
      }
    });
}

/** `line`: a line changed as the buyer or the marketplace would change it. */
function addLineCommand(f: Factory, command: Command): void {
  command
    .command('line')
    .description(
      'Change a line as the buyer or the marketplace would between pull and push: cancel it, claim it',
    )
    .addArgument(marketplaceArgument())
    .argument('<line-id>', "the line's id (Coupang: BOX:VENDOR_ITEM)")
    .option('--cancel', 'the buyer asks to cancel (a cancel request)')
    .option('--claim <status>', "a claim in the marketplace's words (RETURN_REQUEST, C00)")
    .option('--no-claim', 'remove any claim')
    .option('--status <status>', "the marketplace's own status (PAYED, ACCEPT, N10)")
    .option('--phone <number>', 'a new recipient phone')
    .addHelpText(
      'after',
      examples(
        'intake local marketplace line naver 2026112509000001 --cancel',
        'intake local marketplace line cafe24 20261125-0000001-01 --status N40',
      ),
    )
    .action(
      async (
        marketplace: Marketplace,
        lineId: string,
        flags: { cancel?: boolean; claim?: string | false; status?: string; phone?: string },
      ) => {
        const claim =
          flags.cancel === true
            ? marketplace === 'cafe24'
              ? 'C00'
              : 'CANCEL_REQUEST'
            : flags.claim === false
              ? null
              : flags.claim;
        const change: FakeLineChange = {
          ...(claim === undefined ? {} : { claim }),
          ...(flags.status === undefined ? {} : { status: flags.status }),
          ...(flags.phone === undefined ? {} : { recipient_phone: flags.phone }),
        };
        if (Object.keys(change).length === 0)
          throw new UsageError('nothing to change: give --cancel, --claim, --status or --phone');
        await showFake(
          f,
          await (await f.apiClient()).local.marketplace.changeLine(marketplace, lineId, change),
        );
      },
    );
}

/** `reset`: the fake emptied. */
function addResetCommand(f: Factory, command: Command): void {
  command
    .command('reset')
    .description('Empty the fake, settings included')
    .addArgument(marketplaceArgument())
    .addHelpText('after', examples('intake local marketplace reset naver'))
    .action(async (marketplace: Marketplace) =>
      showFake(f, await (await f.apiClient()).local.marketplace.reset(marketplace)),
    );
}

/** `code`: a Cafe24 consent code. */
function addCodeCommand(f: Factory, command: Command): void {
  command
    .command('code')
    .description(
      'Cafe24: a consent code for the fake mall, as its consent page would give (for intake marketplace login cafe24 --code)',
    )
    .addHelpText(
      'after',
      examples(
        'intake local marketplace code',
        'intake marketplace login cafe24 --code "$(intake local marketplace code --query code)"',
      ),
    )
    .action(async () => {
      const minted = await (await f.apiClient()).local.marketplace.cafe24Code();
      await writeData(f, {
        json: minted,
        rows: [minted],
        columns: [
          { header: 'code', value: (row) => row.code },
          { header: 'redirect_uri', value: (row) => row.redirect_uri },
        ],
      });
    });
}

export function newLocalMarketplaceCommand(f: Factory): Command {
  const command = new Command('marketplace').description(
    "The offline fakes of Naver Smartstore, Coupang and Cafe24 in intake serve (this merchant's): seed orders, set keys, an IP allowlist and faults, cancel a line, see what was written",
  );
  for (const add of [
    addShowCommand,
    addSeedCommand,
    addSetCommand,
    addLineCommand,
    addResetCommand,
    addCodeCommand,
  ])
    add(f, command);
  return command;
}

import { Command, Option } from 'commander';
import { MESSAGE_KINDS } from '../../contract/kinds.js';
import type { BotMessage } from '../../contract/local/index.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { terminalLang, type Lang } from '../../util/terminal-lang.js';
import { writeData } from '../../cli/output.js';
import { AFTER_HELP, WAIT_HELP, afterPosition, limitOption, sayIfMore, waitOption } from './inspect.js';
import { terminalSafe } from '../../util/terminal-safe.js';

const KIND_NAMES: Record<BotMessage['kind'], string> = {
  shipment: '발송 안내 (shipment)',
  thanks: '구매 감사 (thanks)',
  review_request: '리뷰 요청 (review request)',
};

/** The card's own words, in the terminal's language (the message's text is the bot's, in Korean). */
const CARD_WORDS = {
  en: {
    kind: KIND_NAMES,
    sent: (at: string) => `sent ${at}`,
    due: (at: string) => `due ${at}`,
    to: 'To',
    none: 'No messages yet: they follow applied shipments.',
  },
  ko: {
    kind: { shipment: '발송 안내', thanks: '구매 감사', review_request: '리뷰 요청' },
    sent: (at: string) => `${at} 보냄`,
    due: (at: string) => `${at} 보낼 예정`,
    to: '받는 사람',
    none: '아직 메시지가 없습니다. 송장이 처리되면 봇이 보냅니다.',
  },
} as const satisfies Record<Lang, unknown>;

const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** A message the way the buyer's messaging app would show it. */
function card(f: Factory, message: BotMessage): string {
  const c = f.colors().out;
  const words = CARD_WORDS[terminalLang(f.env)];
  const state =
    message.status === 'sent' ? words.sent(when(message.sent_at as string)) : words.due(when(message.due_at));
  const lines = [
    c.bold(`── #${message.id} · ${terminalSafe(message.order_id)} · ${words.kind[message.kind]} · ${state}`),
    `${words.to}: ${terminalSafe(`${message.to.name} (${message.to.cellphone})`)}`,
    ...terminalSafe(message.text).split('\n'),
    ...message.items.map(
      (item) =>
        `  · ${terminalSafe(`${item.product_name}${item.options.length > 0 ? ` (${item.options.join(', ')})` : ''}`)}  ${c.dim(terminalSafe(item.image_url))}`,
    ),
  ];
  return lines.join('\n');
}

export interface LocalMessagesOptions {
  orderId?: string;
  status?: string;
  kind?: string;
  after?: string;
  limit?: number;
  wait?: number;
}

/** The bot's messages: as cards a buyer would read on a terminal's table output, otherwise as data. */
export async function localMessagesRun(options: LocalMessagesOptions, f: Factory): Promise<void> {
  const client = await f.apiClient();
  const { orderId, ...rest } = options;
  const { page: result, next } = await client.local.messages({
    ...(orderId === undefined ? {} : { order_id: orderId }),
    ...rest,
  });
  sayIfMore(f, result, next, '--order, --status, --kind');
  if ((await f.settings()).output.value === 'table' && !f.query) {
    f.io.stdout.write(result.results.map((message) => `${card(f, message)}\n`).join('\n'));
    if (result.results.length === 0) f.log.info(CARD_WORDS[terminalLang(f.env)].none);
    return;
  }
  await writeData(f, {
    json: result,
    rows: result.results,
    columns: [
      { header: 'id', value: (message) => message.id },
      { header: 'order_id', value: (message) => message.order_id },
      { header: 'kind', value: (message) => message.kind },
      { header: 'status', value: (message) => message.status },
      { header: 'due_at', value: (message) => message.due_at },
      { header: 'sent_at', value: (message) => message.sent_at },
      { header: 'to_name', value: (message) => message.to.name },
      { header: 'to_cellphone', value: (message) => message.to.cellphone },
      { header: 'text', value: (message) => message.text },
      { header: 'products', value: (message) => message.items.map((item) => item.product_name).join('|') },
    ],
  });
}

export function newLocalMessagesCommand(
  f: Factory,
  runF: (options: LocalMessagesOptions, f: Factory) => Promise<void> = localMessagesRun,
): Command {
  return new Command('messages')
    .description("The bot's messages to buyers, sent and scheduled, as the buyer would read them")
    .option('--order <id>', 'only messages about this order')
    .addOption(new Option('--status <status>', 'only scheduled or sent ones').choices(['scheduled', 'sent']))
    .addOption(new Option('--kind <kind>', 'only this kind').choices(MESSAGE_KINDS))
    .option('--limit <n>', 'at most this many')
    .option('--after <position>', AFTER_HELP)
    .option('--wait <duration>', WAIT_HELP)
    .addHelpText(
      'after',
      examples(
        'intake local messages',
        'intake local messages --order ORD-20261122-0001',
        'intake local messages --order ORD-20261122-0001 --kind shipment --status sent --wait 30s',
        'intake local messages --json',
      ),
    )
    .action(
      (flags: {
        order?: string;
        status?: string;
        kind?: string;
        limit?: string;
        after?: string;
        wait?: string;
      }) => {
        const limit = limitOption(flags.limit);
        return runF(
          {
            ...(flags.order === undefined ? {} : { orderId: flags.order }),
            ...(flags.status === undefined ? {} : { status: flags.status }),
            ...(flags.kind === undefined ? {} : { kind: flags.kind }),
            ...afterPosition(flags.after, 'number'),
            ...(limit === undefined ? {} : { limit }),
            ...waitOption(flags.wait),
          },
          f,
        );
      },
    );
}

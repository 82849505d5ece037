import stringWidth from 'string-width';
import { EXIT_MEANINGS } from '../../cli/errors.js';

/**
 * Words of `text` in lines of at most `width` columns as a terminal shows them (a Korean letter takes
 * two), each after the first indented by `indent`.
 */
function wrapped(text: string, width: number, indent: string): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && stringWidth(line) + 1 + stringWidth(word) > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines.join(`\n${indent}`);
}

/** The exit codes and what each means, from a table of them (EXIT_MEANINGS, or its Korean words). */
export function exitCodes(title: string, meanings: Readonly<Record<number, string>>): string {
  const rows = Object.entries(meanings).map(
    ([code, meaning]) => `  ${code.padEnd(5)}${wrapped(meaning, 100, ' '.repeat(7))}`,
  );
  return `${title}\n\n${rows.join('\n')}\n`;
}

/**
 * One JSON record of each kind, as `intake help formats` shows them: a buyer's, a product's and an
 * option's words in the terminal's language, the rest as the service reads it.
 */
export function jsonRecords(words: { buyer: string; product: string; option: string }): string {
  const product = `{"id":"P-1","name":"${words.product}","image_url":"https://shop.example/p-1.jpg"}`;
  return [
    `  order     {"id":"ORD-1","recipient_name":"${words.buyer}","recipient_cellphone":"010-1234-5678",`,
    `             "member_id":"M-1","items":[{"id":"ORD-1-1","product_option":["${words.option}"],`,
    `               "product":${product}}]}`,
    `  product   ${product}`,
    '  shipment  {"order_id":"ORD-1","order_item_ids":["ORD-1-1"],"company_code":"kr.cjlogistics",',
    '             "tracking_number":"640123456789"}',
  ].join('\n');
}

/** Help topics: `intake help environment`, `intake help exit-codes`, `intake help formats`. */
export const TOPICS = {
  environment: `Environment variables

  INTAKE_BASE_URL            the service's address (default http://127.0.0.1:8080)
  INTAKE_ACCESS_KEY_ID       credentials; used unless --profile names a profile
  INTAKE_SECRET_ACCESS_KEY
  INTAKE_PROFILE             the profile to use (default: the one of "intake config use", else "default")
  INTAKE_CONFIG_DIR          where profiles are kept (default ~/.config/intake on Linux)
  INTAKE_DATA_DIR            where the upload ledger, and intake serve's data, are kept
                             (default ~/.local/share/intake on Linux)
  INTAKE_SECRET_STORAGE      "file" keeps secrets in the config file even when a keychain answers
  INTAKE_KEYCHAIN_SERVICE    the service name secrets are kept under in the keychain (default intake-cli)
  LC_ALL, LC_MESSAGES, LANG  a Korean locale (ko_KR.UTF-8) says the help, an upload's problems, and
                             what a pull and a push did, in Korean
  NO_COLOR, FORCE_COLOR      colour: never, or always (otherwise only on a terminal)

Marketplaces (intake marketplace, pull, push); each wins over the profile's settings
  INTAKE_NAVER_BASE_URL, INTAKE_COUPANG_BASE_URL, INTAKE_CAFE24_BASE_URL
                             the APIs' addresses (default the real ones; a fake of intake serve is
                             http://127.0.0.1:8080/naver, /coupang, /cafe24/MALL)
  INTAKE_NAVER_CLIENT_ID, INTAKE_NAVER_CLIENT_SECRET
  INTAKE_COUPANG_VENDOR_ID, INTAKE_COUPANG_ACCESS_KEY, INTAKE_COUPANG_SECRET_KEY
  INTAKE_CAFE24_MALL_ID, INTAKE_CAFE24_CLIENT_ID, INTAKE_CAFE24_CLIENT_SECRET, INTAKE_CAFE24_REFRESH_TOKEN
                             credentials for CI, instead of intake marketplace login

The local service (intake serve, intake local)
  INTAKE_SERVE_SECRET_ACCESS_KEY
                             the first merchant's secret for intake serve (kept out of the process list)
  INTAKE_SERVE_DATABASE_URL  intake serve on PostgreSQL: postgres://user@host:port/database (PGPASSWORD
                             or ~/.pgpass can hold the password)
  INTAKE_SERVE_DATABASE_DIRECT_URL
                             behind a transaction pooler (pgbouncer): a direct connection, for notices
                             between processes and migrations
  INTAKE_WEBHOOK_SECRET      the secret intake local events --forward-to signs with

Every setting comes from, in this order: a flag, the environment, the selected profile, the default.
An explicit --profile wins over credentials in the environment.
`,
  'exit-codes': exitCodes('Exit codes', EXIT_MEANINGS),
  formats: `Formats

Input (order, product and shipment create)
  CSV       a header row, then one row per order item (orders), product, or shipment; delimiter and
            encoding (UTF-8, CP949) are detected; --columns or --preset map other headers
  .xlsx     the first sheet or --sheet; the header row is found below any title rows; a protected
            workbook's password comes from --password-stdin or a prompt; --products adds a catalog
  JSON      one object (one record), or an array of records
  NDJSON    one record per line (.ndjson, .jsonl)
  -         standard input, in any of the above (by --format or by content)

JSON records (the service's request bodies; the local service's /docs has each field)
${jsonRecords({ buyer: 'Kim', product: 'Mug', option: 'red' })}

Output (-o, --output)
  table     for people; plain tab-separated rows without a header when stdout is not a terminal
  json      the service's JSON (pretty-printed), or for uploads one JSON line per record, then a summary line
  csv       a header row, then one row per record
  --query EXPR applies a JMESPath expression to the JSON and prints the result in the chosen format;
  for uploads it applies to each line, and lines it makes null are not printed.

Upload lines (--json)
  {"type":"record","rows":[2,3],"id":"ORD-1","outcome":"accepted","status":202,"message":"..."}
  {"type":"summary","records":7,"accepted":6,"rejected":1,...}
  outcome: accepted, already_registered, changed, updated, invalid, rejected, failed, duplicate, valid,
           not_sent, skipped (a shipment row with no tracking number yet)
`,
} satisfies Record<string, string>;

/** The name of a help topic. */
export type Topic = keyof typeof TOPICS;

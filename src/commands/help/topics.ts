/** Help topics: `intake help environment`, `intake help exit-codes`, `intake help formats`. */
export const TOPICS: Record<string, string> = {
  environment: `Environment variables

  INTAKE_BASE_URL            the service's address (default http://127.0.0.1:8080)
  INTAKE_ACCESS_KEY_ID       credentials; used unless --profile names a profile
  INTAKE_SECRET_ACCESS_KEY
  INTAKE_PROFILE             the profile to use (default: the one of "intake config use", else "default")
  INTAKE_CONFIG_DIR          where profiles are kept (default ~/.config/intake on Linux)
  INTAKE_DATA_DIR            where the upload ledger, and intake serve's data, are kept
                             (default ~/.local/share/intake on Linux)
  INTAKE_SECRET_STORAGE      "file" keeps secrets in the config file even when a keychain answers
  INTAKE_SERVE_SECRET_ACCESS_KEY
                             the first merchant's secret for intake serve (kept out of the process list)
  INTAKE_SERVE_DATABASE_URL  intake serve on PostgreSQL: postgres://user@host:port/database (PGPASSWORD
                             or ~/.pgpass can hold the password)
  NO_COLOR, FORCE_COLOR      colour: never, or always (otherwise only on a terminal)

Every setting comes from, in this order: a flag, the environment, the selected profile, the default.
An explicit --profile wins over credentials in the environment.
`,
  'exit-codes': `Exit codes

  0    success
  1    failure: the service failed (5xx), some records failed after their retries, a --wait ended with
       nothing matching, or something unexpected
  2    usage error, or input that cannot be read or is invalid, or changed while it was sent (nothing wrong was sent)
  3    authentication failed (401, or the credentials were found invalid)
  4    finished, but the service refused some records, some were invalid, or some were accepted earlier
       with other content (changed)
  5    the service could not be reached
  130  interrupted (Ctrl-C, SIGTERM, or a closed terminal during an upload)
`,
  formats: `Formats

Input (order, product and shipment create)
  CSV       a header row, then one row per order item (orders), product, or shipment; delimiter and
            encoding (UTF-8, CP949) are detected; --columns or --preset map other headers
  .xlsx     the first sheet or --sheet; the header row is found below any title rows; a protected
            workbook's password comes from --password-stdin or a prompt; --products adds a catalog
  JSON      one object (one record), or an array of records
  NDJSON    one record per line (.ndjson, .jsonl)
  -         standard input, in any of the above (by --format or by content)

Output (-o, --output)
  table     for people; plain tab-separated rows without a header when stdout is not a terminal
  json      the service's JSON (pretty-printed), or for uploads one JSON line per record, then a summary line
  csv       a header row, then one row per record
  --query EXPR applies a JMESPath expression to the JSON and prints the result in the chosen format;
  for uploads it applies to each line, and lines it makes null are not printed.

Upload lines (--json)
  {"type":"record","rows":[2,3],"id":"ORD-1","outcome":"accepted","status":202,"message":"..."}
  {"type":"summary","records":7,"accepted":6,"rejected":1,...}
  outcome: accepted, already_registered, changed, invalid, rejected, failed, duplicate, valid, not_sent
`,
};

import { readFile } from 'node:fs/promises';
import { Command } from 'commander';
import { EXIT, ExitCode, UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import { writeValue } from '../../cli/output.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

export interface ApiOptions {
  method: (typeof METHODS)[number];
  /** The path from the service's root, with a query if any: `/api/v1/health/`. */
  path: string;
  /** Where the body comes from: a file, or `-` for standard input. */
  input?: string;
  headers: Record<string, string>;
  include: boolean;
}

interface ApiFlags {
  input?: string;
  header: string[];
  include?: boolean;
}

/** Checks the method, the path and the headers. */
export function apiOptions(method: string, path: string, flags: ApiFlags): ApiOptions {
  const upper = method.toUpperCase();
  if (!(METHODS as readonly string[]).includes(upper)) {
    throw new UsageError(`"${method}" is not an HTTP method: ${METHODS.join(', ')}`);
  }
  if (!path.startsWith('/')) {
    throw new UsageError(`the path must start with /, as in /api/v1/health/ (not "${path}")`);
  }
  const headers: Record<string, string> = {};
  for (const header of flags.header) {
    const colon = header.indexOf(':');
    if (colon <= 0) throw new UsageError(`-H "${header}" is not "Name: value"`);
    headers[header.slice(0, colon).trim().toLowerCase()] = header.slice(colon + 1).trim();
  }
  return {
    method: upper as ApiOptions['method'],
    path,
    ...(flags.input === undefined ? {} : { input: flags.input }),
    headers,
    include: flags.include === true,
  };
}

async function readInput(f: Factory, input: string): Promise<Buffer> {
  if (input === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of f.io.stdin)
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
    return Buffer.concat(chunks);
  }
  try {
    return await readFile(input);
  } catch (error) {
    throw new UsageError(`cannot read --input ${input}: ${(error as Error).message}`);
  }
}

/** The exit code of an answer, as for every other command. */
function exitCodeOf(status: number): number {
  if (status < 400) return EXIT.ok;
  if (status === 401) return EXIT.auth;
  if (status < 500) return EXIT.rejected;
  return EXIT.failure;
}

/**
 * Sends any request to the service with the profile's credentials (when it has some) and the usual
 * retries, and prints the answer's body: JSON pretty on a terminal, one line otherwise. The body is
 * sent as it is, so a request the CLI's own checks would refuse can still be tried.
 */
export async function apiRun(options: ApiOptions, f: Factory): Promise<void> {
  const client = await f.apiClient({ auth: 'optional' });
  const raw = options.input === undefined ? undefined : await readInput(f, options.input);
  const result = await client.http.send(options.method, options.path, {
    ...(raw === undefined ? {} : { raw }),
    headers: options.headers,
    accept: 'all',
  });
  if (options.include) {
    f.io.stderr.write(`HTTP ${result.status}\n`);
    for (const [name, value] of Object.entries(result.headers))
      f.io.stderr.write(`${name}: ${String(value)}\n`);
  }
  if (result.body !== undefined) {
    const settings = await f.settings();
    const value = f.query ? f.query(result.body) : result.body;
    if (settings.output.source === 'flag' && settings.output.value !== 'json')
      writeValue(f, value, settings.output.value);
    else if (typeof value === 'string') f.io.stdout.write(`${value}\n`);
    else f.io.stdout.write(`${JSON.stringify(value, null, f.io.stdout.isTTY ? 2 : undefined)}\n`);
  }
  if (result.status >= 400) f.log.warn(`${options.method} ${options.path} answered HTTP ${result.status}`);
  const code = exitCodeOf(result.status);
  if (code !== EXIT.ok) throw new ExitCode(code);
}

export function newApiCommand(
  f: Factory,
  runF: (options: ApiOptions, f: Factory) => Promise<void> = apiRun,
): Command {
  return new Command('api')
    .description("Send any request to the service with the profile's credentials, and print the answer")
    .argument('<method>', METHODS.join(', '))
    .argument('<path>', 'path from the service root, with a query if any')
    .option('--input <file>', 'the request body, from a file or - for standard input (sent as it is)')
    .option(
      '-H, --header <header>',
      'add a header, "Name: value" (repeatable)',
      (value: string, all: string[]) => [...all, value],
      [],
    )
    .option('-i, --include', 'print the status and headers of the answer on stderr')
    .addHelpText(
      'after',
      examples(
        'intake api GET /api/v1/health/',
        'intake api GET "/api/v1/rewards/?start_date=2026-11-01&end_date=2026-11-30" --query "results[].member_id"',
        'intake api POST /api/v1/products/ --input product.json',
        'echo \'{"recipient_name":"김민지","recipient_cellphone":"010-1234-5678"}\' | intake api PATCH /api/v1/orders/ORD-1 --input -',
        'intake api GET /local/jobs?state=failed -i',
      ),
    )
    .action((method: string, path: string, flags: ApiFlags) => runF(apiOptions(method, path, flags), f));
}

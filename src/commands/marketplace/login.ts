import { Command } from 'commander';
import { UsageError } from '../../cli/errors.js';
import type { Factory } from '../../cli/factory.js';
import { examples } from '../../cli/help.js';
import type { MarketplaceCredentials } from '../../cli/marketplace-credentials.js';
import type { Cafe24Consent } from '../../cli/marketplace-login.js';
import { readSecret } from '../../cli/values.js';
import { shellQuote } from '../../util/shell.js';
import type { Marketplace } from '../../marketplaces/names.js';
import { marketplaceArgument, marketplaceOf } from '../shared/marketplace-arg.js';
import { marketplaceLoginWords, type LoginField } from './login-words.js';

export interface MarketplaceLoginOptions {
  marketplace: Marketplace;
  /** Ids given as flags (`--client-id`, `--vendor-id`, …); what is missing is asked for. */
  fields: Record<string, string>;
  /** The secret on standard input (`--secret-stdin`). */
  secretStdin: boolean;
  verify: boolean;
  /** Cafe24: a consent code pasted (`--code`), or wait for it at a loopback redirect (`--listen`). */
  code?: string;
  listen: boolean;
}

/**
 * A field given as a flag, else read from standard input (the secret, with `--secret-stdin`), else asked
 * at a terminal in the words of `asked`. `field` names the option (`clientId` is `--client-id`).
 */
async function ask(
  f: Factory,
  options: MarketplaceLoginOptions,
  field: string,
  asked: LoginField,
  secret = false,
): Promise<string> {
  const given = options.fields[field];
  if (given) return given;
  const message = marketplaceLoginWords(f).ask[asked];
  if (secret && options.secretStdin) return readSecret(f.io.stdin);
  if (!(f.io.stdin.isTTY === true && f.io.stderr.isTTY === true)) {
    throw new UsageError(
      `cannot prompt without a terminal: give ${secret ? '--secret-stdin' : `--${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`}`,
    );
  }
  const prompter = await f.prompter();
  return secret ? prompter.password(`${message}:`) : prompter.input(`${message}:`);
}

async function cafe24Login(
  f: Factory,
  options: MarketplaceLoginOptions,
): Promise<MarketplaceCredentials['cafe24']> {
  const words = marketplaceLoginWords(f);
  const mallId = await ask(f, options, 'mallId', 'mallId');
  const clientId = await ask(f, options, 'clientId', 'cafe24ClientId');
  const clientSecret = await ask(f, options, 'clientSecret', 'cafe24ClientSecret', true);
  const { cafe24Consent, cafe24Tokens } = await import('../../cli/marketplace-login.js');
  const consent = await cafe24Consent(f, {
    mallId,
    clientId,
    clientSecret,
    ...(options.fields.redirectUri === undefined ? {} : { redirectUri: options.fields.redirectUri }),
  });
  let code = options.code;
  if (code === undefined) {
    f.io.stderr.write(`${words.consent(consent.address)}\n`);
    code = options.listen ? await listenedCode(f, consent) : await pastedOrTaken(f, options, consent);
  }
  return cafe24Tokens(f, consent, code);
}

/** `--listen`: the code at the loopback redirect address, until Ctrl-C. */
async function listenedCode(f: Factory, consent: Cafe24Consent): Promise<string> {
  const { isLoopbackRedirect, waitForCode } = await import('../../cli/consent-redirect.js');
  const { redirectUri, state } = consent;
  if (!isLoopbackRedirect(redirectUri)) {
    throw new UsageError(
      `--listen needs a loopback redirect address (http://127.0.0.1:PORT/…), not ${redirectUri}`,
    );
  }
  const wait = await waitForCode(redirectUri, state).catch((error: Error) => {
    throw new UsageError(`cannot listen at ${redirectUri}: ${error.message}`);
  });
  f.io.stderr.write(`${marketplaceLoginWords(f).waiting(redirectUri)}\n`);
  let stop = () => {};
  const interrupted = new Promise<never>((_, reject) => {
    stop = f.interrupts.onInterrupt(() => reject(new UsageError('no consent came back in time')));
  });
  try {
    return await Promise.race([wait.code, interrupted]);
  } finally {
    stop();
    wait.close();
  }
}

/**
 * The code pasted; at a terminal with a loopback redirect address, also waited for there, whichever
 * comes first (the question is taken back when the browser brings it).
 */
async function pastedOrTaken(
  f: Factory,
  options: MarketplaceLoginOptions,
  consent: Cafe24Consent,
): Promise<string> {
  const { isLoopbackRedirect, waitForCode } = await import('../../cli/consent-redirect.js');
  const atTerminal = f.io.stdin.isTTY === true && f.io.stderr.isTTY === true;
  if (!atTerminal || !isLoopbackRedirect(consent.redirectUri)) return ask(f, options, 'code', 'code');
  // Its port taken (another program there): the code is pasted.
  const wait = await waitForCode(consent.redirectUri, consent.state).catch(() => undefined);
  if (!wait) return ask(f, options, 'code', 'code');
  const words = marketplaceLoginWords(f);
  f.io.stderr.write(`${words.waitingOrPaste(consent.redirectUri)}\n`);
  const asking = new AbortController();
  void wait.code.then(() => asking.abort());
  try {
    const prompter = await f.prompter();
    const pasted = prompter
      .input(`${words.ask.code}:`, { signal: asking.signal })
      .catch((error: unknown) => (asking.signal.aborted ? wait.code : Promise.reject(error)));
    return await Promise.race([wait.code, pasted]);
  } finally {
    wait.close();
  }
}

/**
 * `intake marketplace login`: a marketplace's credentials for this profile, checked against the
 * marketplace (a token issued, a signed request answered) and kept in the OS keychain.
 */
export async function marketplaceLoginRun(options: MarketplaceLoginOptions, f: Factory): Promise<void> {
  const { marketplace } = options;
  let credentials: MarketplaceCredentials[Marketplace];
  if (marketplace === 'naver') {
    const clientId = await ask(f, options, 'clientId', 'naverClientId');
    const clientSecret = await ask(f, options, 'clientSecret', 'naverClientSecret', true);
    credentials = { clientId, clientSecret };
  } else if (marketplace === 'coupang') {
    const vendorId = await ask(f, options, 'vendorId', 'vendorId');
    const accessKey = await ask(f, options, 'accessKey', 'accessKey');
    const secretKey = await ask(f, options, 'secretKey', 'secretKey', true);
    const keyIssuedAt = options.fields.keyIssued ?? f.now().toISOString().slice(0, 10);
    credentials = { vendorId, accessKey, secretKey, keyIssuedAt };
  } else {
    credentials = await cafe24Login(f, options);
  }
  const { keysProblem, keepCredentials } = await import('../../cli/marketplace-login.js');
  const problem = keysProblem(marketplace, credentials);
  if (problem === 'naver_secret') {
    throw new UsageError('a Naver application secret looks like $2a$10$ and 22 characters', [
      'Copy it again from the Naver Commerce API Center (애플리케이션 상세).',
    ]);
  }
  if (problem === 'key_issued') {
    const given = (credentials as MarketplaceCredentials['coupang']).keyIssuedAt;
    throw new UsageError(`--key-issued must be a date such as 2026-11-25, not "${given}"`);
  }
  const words = marketplaceLoginWords(f);
  const { where, checked } = await keepCredentials(f, marketplace, credentials, options.verify);
  if (checked !== undefined) f.log.info(words.checked(marketplace, checked));
  const profile = (await f.settings()).profile.value;
  f.log.info(words.kept(marketplace, where, profile));
  await sayWhereFromEnvironment(f, marketplace, profile);
}

/**
 * Credentials checked at an address the environment gave (a fake, a relay) are kept for the profile,
 * the address is not: another shell, or `intake ui`, would take them to the profile's own. Says so, and
 * how to keep the address too.
 */
async function sayWhereFromEnvironment(f: Factory, marketplace: Marketplace, profile: string): Promise<void> {
  const { baseUrlOf } = await import('../../cli/marketplaces.js');
  const { marketplaceBaseUrl } = await import('../../cli/marketplace-settings.js');
  const used = await baseUrlOf(f, marketplace);
  if (used.source !== 'env') return;
  const kept = marketplaceBaseUrl({}, (await f.config()).profile(profile), profile, marketplace);
  if (kept.value === used.value) return;
  f.log.info(
    marketplaceLoginWords(f).addressFromEnvironment(
      used,
      kept,
      profile,
      `intake config set ${marketplace}_base_url ${shellQuote(used.value)}`,
    ),
  );
}

export function newMarketplaceLoginCommand(
  f: Factory,
  runF: (options: MarketplaceLoginOptions, f: Factory) => Promise<void> = marketplaceLoginRun,
): Command {
  return new Command('login')
    .description("Keep a marketplace's credentials for this profile (checked first)")
    .addArgument(marketplaceArgument())
    .option('--client-id <id>', 'Naver or Cafe24: the application (app) id')
    .option('--vendor-id <id>', 'Coupang: the vendor id (A0…)')
    .option('--access-key <key>', 'Coupang: the access key')
    .option('--key-issued <date>', 'Coupang: when the keys were issued (they last 180 days; default today)')
    .option('--mall-id <id>', 'Cafe24: the mall id')
    .option('--redirect-uri <url>', "Cafe24: the app's registered redirect address")
    .option('--code <code>', 'Cafe24: the code the consent page sent to the redirect address')
    .option('--listen', 'Cafe24: wait for the consent at a loopback redirect address')
    .option(
      '--secret-stdin',
      'read the secret (Naver and Cafe24 client secret, Coupang secret key) from standard input',
    )
    .option('--no-verify', 'keep the credentials without asking the marketplace')
    .addHelpText(
      'after',
      examples(
        'intake marketplace login naver',
        'printf %s "$NAVER_SECRET" | intake marketplace login naver --client-id 4Ab… --secret-stdin',
        'intake marketplace login coupang --vendor-id A00012345 --access-key … --key-issued 2026-06-01',
        'intake marketplace login cafe24 --mall-id myshop --client-id … --listen',
      ),
    )
    .action(
      (
        name: string,
        flags: {
          clientId?: string;
          vendorId?: string;
          accessKey?: string;
          keyIssued?: string;
          mallId?: string;
          redirectUri?: string;
          code?: string;
          listen?: boolean;
          secretStdin?: boolean;
          verify: boolean;
        },
      ) => {
        const fields: Record<string, string> = {};
        for (const key of [
          'clientId',
          'vendorId',
          'accessKey',
          'keyIssued',
          'mallId',
          'redirectUri',
        ] as const) {
          const value = flags[key];
          if (value !== undefined) fields[key] = value;
        }
        return runF(
          {
            marketplace: marketplaceOf(name),
            fields,
            secretStdin: flags.secretStdin === true,
            verify: flags.verify,
            ...(flags.code === undefined ? {} : { code: flags.code }),
            listen: flags.listen === true,
          },
          f,
        );
      },
    );
}

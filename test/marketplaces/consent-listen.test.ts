import { describe, expect, it } from 'vitest';
import { request } from 'undici';
import { InterruptHub } from '../../src/cli/interrupts.js';
import type { Prompter } from '../../src/cli/prompter.js';
import { cli, useService } from '../helpers/cli.js';
import { FAKE_CREDENTIALS, fakes, marketplaceEnv } from '../helpers/marketplaces.js';
import { closedPortUrl } from '../helpers/net.js';
import { tempDir } from '../helpers/temp.js';

const t = useService();

/** The fake's Cafe24 app with a redirect address on this machine where nothing listens yet. */
async function loopbackApp() {
  const redirectUri = `${await closedPortUrl()}/cafe24/callback`;
  const fake = fakes(t.service);
  await fake.reset('cafe24');
  await fake.setUp('cafe24', { credentials: { ...FAKE_CREDENTIALS.cafe24, redirect_uri: redirectUri } });
  const env = {
    ...t.env,
    ...marketplaceEnv(t.service),
    INTAKE_CONFIG_DIR: tempDir('intake-config-'),
    INTAKE_DATA_DIR: tempDir('intake-data-'),
  };
  return { env, redirectUri };
}

const loginArgs = (redirectUri: string, ...more: string[]) => [
  ...['marketplace', 'login', 'cafe24', '--mall-id', FAKE_CREDENTIALS.cafe24.mall_id],
  ...['--client-id', FAKE_CREDENTIALS.cafe24.client_id, '--redirect-uri', redirectUri],
  ...more,
  '--secret-stdin',
];

describe('intake marketplace login cafe24: the consent’s code at a loopback redirect address', () => {
  it('waits at the loopback redirect address, takes only its own consent’s code, and keeps the tokens', async () => {
    const { env, redirectUri } = await loopbackApp();
    let said = '';
    let waiting: () => void = () => {};
    const listening = new Promise<void>((resolve) => (waiting = resolve));
    const login = cli(loginArgs(redirectUri, '--listen'), {
      env,
      stdin: FAKE_CREDENTIALS.cafe24.client_secret,
      onStderr: (text) => {
        said += text;
        if (said.includes('Waiting for the consent')) waiting();
      },
    });
    await listening;
    const address = /https?:\/\/\S+\/oauth\/authorize\?\S+/.exec(said)?.[0] as string;
    expect(address).toContain(encodeURIComponent(redirectUri));

    // Another path, and a code without this consent's state, are not taken.
    expect((await request(`${redirectUri.replace('/callback', '/other')}?code=x`)).statusCode).toBe(404);
    const stranger = await request(`${redirectUri}?code=not-ours&state=someone-else`);
    expect(stranger.statusCode).toBe(400);
    expect(await stranger.body.text()).toContain('This is not the consent Intake asked for.');

    // The mall's consent sends the browser to the redirect address with the code and the state.
    const consent = await request(address);
    expect(consent.statusCode).toBe(302);
    await consent.body.dump();
    const back = await request(consent.headers.location as string);
    expect(back.statusCode).toBe(200);
    expect(await back.body.text()).toContain('Intake has the code: you can close this tab.');
    const ended = await login;
    expect(ended.code, ended.stderr).toBe(0);
    const status = await cli(['marketplace', 'status', '--no-check', '--json'], { env });
    expect(status.json()).toContainEqual(
      expect.objectContaining({
        marketplace: 'cafe24',
        credentials: 'the config file',
        state: 'not_checked',
      }),
    );
    // The wait ended with the code: nothing listens there any more.
    await expect(request(redirectUri)).rejects.toThrow();
  });

  it('at a terminal, without --listen: the browser’s code is taken and the question taken back; or the pasted one, and the wait ends', async () => {
    const { env, redirectUri } = await loopbackApp();
    const question: { asked: string[]; takenBack: boolean } = { asked: [], takenBack: false };
    // A person who never answers: the question stays until it is taken back.
    const waiting: Prompter = {
      input: (message, options) => {
        question.asked.push(message);
        return new Promise((_, reject) =>
          options?.signal?.addEventListener('abort', () => {
            question.takenBack = true;
            reject(Object.assign(new Error('taken back'), { name: 'AbortPromptError' }));
          }),
        );
      },
      password: () => Promise.reject(new Error('the secret comes on standard input')),
    };
    let said = '';
    let ready: () => void = () => {};
    const asked = new Promise<void>((resolve) => (ready = resolve));
    const login = cli(loginArgs(redirectUri), {
      env,
      tty: true,
      prompter: waiting,
      stdin: FAKE_CREDENTIALS.cafe24.client_secret,
      onStderr: (text) => {
        said += text;
        if (said.includes('paste the code below')) ready();
      },
    });
    await asked;
    expect(said).toContain(`Intake waits for the consent at ${redirectUri}`);
    const consent = await request(/https?:\/\/\S+\/oauth\/authorize\?\S+/.exec(said)?.[0] as string);
    await consent.body.dump();
    const back = await request(consent.headers.location as string);
    expect(await back.body.text()).toContain('Intake has the code');
    const ended = await login;
    expect(ended.code, ended.stderr).toBe(0);
    await expect.poll(() => question.takenBack).toBe(true);
    expect(question.asked).toEqual(['Paste the code from the address you were sent to (…?code=…):']);

    // Pasted first: taken, and nothing waits at the redirect address after.
    const code = await fakes(t.service).cafe24Code();
    const pasting: Prompter = { input: async () => code, password: waiting.password };
    const pasted = await cli(loginArgs(redirectUri), {
      env: { ...env, INTAKE_CONFIG_DIR: tempDir('intake-config-') },
      tty: true,
      prompter: pasting,
      stdin: FAKE_CREDENTIALS.cafe24.client_secret,
    });
    expect(pasted.code, pasted.stderr).toBe(0);
    await expect(request(redirectUri)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('--listen stops at Ctrl-C, saying no consent came back, and nothing waits there after', async () => {
    const { env, redirectUri } = await loopbackApp();
    const hub = new InterruptHub();
    let listening: () => void = () => {};
    const waiting = new Promise<void>((resolve) => (listening = resolve));
    const login = cli(loginArgs(redirectUri, '--listen'), {
      env,
      stdin: FAKE_CREDENTIALS.cafe24.client_secret,
      interrupts: hub,
      onStderr: (text) => {
        if (text.includes('Waiting for the consent')) listening();
      },
    });
    await waiting;
    hub.interrupt();
    const ended = await login;
    expect(ended.code).toBe(2);
    expect(ended.stderr).toContain('no consent came back in time');
    await expect(request(redirectUri)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('says so when the redirect address is not this machine’s', async () => {
    const login = await cli(
      [
        ...['marketplace', 'login', 'cafe24', '--mall-id', 'myshop', '--client-id', 'app'],
        ...['--redirect-uri', 'https://shop.example/cafe24/callback', '--listen', '--secret-stdin'],
      ],
      { env: { ...t.env, ...marketplaceEnv(t.service) }, stdin: 'secret' },
    );
    expect(login.code).toBe(2);
    expect(login.stderr).toContain(
      '--listen needs a loopback redirect address (http://127.0.0.1:PORT/…), not https://shop.example/cafe24/callback',
    );
  });
});

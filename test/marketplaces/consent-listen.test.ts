import { describe, expect, it } from 'vitest';
import { request } from 'undici';
import { cli, useService } from '../helpers/cli.js';
import { FAKE_CREDENTIALS, fakes, marketplaceEnv } from '../helpers/marketplaces.js';
import { closedPortUrl } from '../helpers/net.js';
import { tempDir } from '../helpers/temp.js';

const t = useService();

describe('intake marketplace login cafe24 --listen', () => {
  it('waits at the loopback redirect address, takes only its own consent’s code, and keeps the tokens', async () => {
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
    let said = '';
    let waiting: () => void = () => {};
    const listening = new Promise<void>((resolve) => (waiting = resolve));
    const login = cli(
      [
        ...['marketplace', 'login', 'cafe24', '--mall-id', FAKE_CREDENTIALS.cafe24.mall_id],
        ...['--client-id', FAKE_CREDENTIALS.cafe24.client_id, '--redirect-uri', redirectUri],
        ...['--listen', '--secret-stdin'],
      ],
      {
        env,
        stdin: FAKE_CREDENTIALS.cafe24.client_secret,
        onStderr: (text) => {
          said += text;
          if (said.includes('Waiting for the consent')) waiting();
        },
      },
    );
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

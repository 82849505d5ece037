import { stripVTControlCharacters } from 'node:util';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Prompter } from '../../src/cli/prompter.js';
import { cli, useService } from '../helpers/cli.js';
import { BIN } from '../helpers/spawn.js';
import { tempDir } from '../helpers/temp.js';

const t = useService();

/** A config folder with a profile `shop` holding the service's address and the given secret. */
async function storedProfile(secret: string): Promise<string> {
  const configDir = tempDir('intake-cfg-');
  const result = await cli(
    [
      'login',
      '--profile',
      'shop',
      '--access-key-id',
      t.service.credentials.accessKeyId,
      '--secret-stdin',
      '--insecure-storage',
    ],
    {
      env: { INTAKE_CONFIG_DIR: configDir, INTAKE_BASE_URL: t.service.baseUrl },
      stdin: t.service.credentials.secretAccessKey,
    },
  );
  expect(result.code).toBe(0);
  if (secret !== t.service.credentials.secretAccessKey) {
    const file = join(configDir, 'config.json');
    const config = JSON.parse(readFileSync(file, 'utf8')) as {
      profiles: Record<string, Record<string, string>>;
    };
    (config.profiles.shop as Record<string, string>).secret_access_key = secret;
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, JSON.stringify(config));
  }
  return configDir;
}

/**
 * Runs `intake login` in a real pseudo-terminal (util-linux `script`), answering each prompt as it
 * appears: `answers` maps a prompt's text to the keys to type.
 */
function loginAtTerminal(
  configDir: string,
  answers: [prompt: string, keys: string][],
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const command = `${process.execPath} ${BIN} login --profile shop --base-url ${t.service.baseUrl}`;
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      env: {
        PATH: process.env.PATH,
        HOME: configDir,
        TERM: 'xterm',
        INTAKE_CONFIG_DIR: configDir,
        INTAKE_SECRET_STORAGE: 'file',
        ...env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    let answered = 0;
    // Each prompt is looked for after the one answered before it: a prompt asked again must be drawn
    // again before it is answered (keys typed ahead of it would be lost between prompts).
    let from = 0;
    let typing = Promise.resolve();
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // One chunk may hold several prompts (a warning and the prompt after it): answer each in turn.
      for (let next = answers[answered]; next; next = answers[answered]) {
        const at = output.indexOf(next[0], from);
        if (at < 0) break;
        answered += 1;
        from = at + next[0].length;
        const keys = next[1];
        typing = typing.then(
          () => new Promise((done) => setTimeout(() => done(void child.stdin.write(keys)), 100)),
        );
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
  });
}

describe('intake login at a terminal', () => {
  it('Enter keeps the stored access key id and secret', async () => {
    const configDir = await storedProfile(t.service.credentials.secretAccessKey);
    const result = await loginAtTerminal(configDir, [
      ['Access key id', '\r'],
      ['Enter keeps the stored one', '\r'],
    ]);
    expect(result.output).not.toContain(t.service.credentials.secretAccessKey);
    expect(result.code).toBe(0);
    expect(result.output).toContain(
      `Logged in to ${t.service.baseUrl} as ${t.service.credentials.accessKeyId}`,
    );
    const check = await cli(['keys', 'check', '--profile', 'shop'], {
      env: { INTAKE_CONFIG_DIR: configDir },
    });
    expect(check.code).toBe(0);
  });

  it('asks and answers in Korean at a Korean terminal', async () => {
    const configDir = await storedProfile('stale-secret');
    const result = await loginAtTerminal(
      configDir,
      [
        ['액세스 키 ID', '\r'],
        ['비밀 키 (Enter: 저장된 키를 그대로 씀', '\r'],
        ['다시 적으세요', ''],
        ['비밀 키', `${t.service.credentials.secretAccessKey}\r`],
      ],
      { LANG: 'ko_KR.UTF-8' },
    );
    expect(result.code, stripVTControlCharacters(result.output)).toBe(0);
    expect(result.output).toContain(
      '서비스가 이 인증 정보를 받지 않았습니다: 비밀 키가 맞지 않습니다. 다시 적으세요 (멈추려면 Ctrl-C)',
    );
    expect(result.output).toContain(
      `${t.service.baseUrl}에 ${t.service.credentials.accessKeyId}(으)로 로그인했습니다. 프로필 "shop"에 저장했습니다.`,
    );
    // Where the secret is kept, and why not in a keychain, in Korean too.
    expect(stripVTControlCharacters(result.output)).toMatch(
      /비밀 키는 \S+config\.json \(권한 0600, 암호화하지 않은 글; INTAKE_SECRET_STORAGE가 file입니다\)에 보관합니다\./,
    );
    expect(result.output).not.toContain(t.service.credentials.secretAccessKey);
  });

  it('Ctrl-C stops quietly with exit 130', async () => {
    const configDir = await storedProfile(t.service.credentials.secretAccessKey);
    const result = await loginAtTerminal(configDir, [['Access key id', '\u0003']]);
    expect(result.code).toBe(130);
    expect(result.output).not.toMatch(/error|force closed/i);
  });
});

/** `intake login` at a terminal with a new config folder, its questions answered by `prompter`. */
const loginAsked = (prompter: Prompter) =>
  cli(['login'], { env: { INTAKE_CONFIG_DIR: tempDir('intake-cfg-') }, tty: true, prompter });

describe('intake login asks again only what the service refused', () => {
  it('a wrong stored secret: only the secret is asked again', async () => {
    const configDir = await storedProfile('stale-secret');
    const asked: string[] = [];
    const secrets = ['', t.service.credentials.secretAccessKey];
    const prompter: Prompter = {
      input: async (message, options) => {
        asked.push(message);
        return options?.default ?? '';
      },
      password: async (message) => {
        asked.push(message);
        return secrets.shift() ?? '';
      },
    };
    const result = await cli(['login', '--profile', 'shop'], {
      env: { INTAKE_CONFIG_DIR: configDir, INTAKE_BASE_URL: t.service.baseUrl },
      tty: true,
      prompter,
    });
    expect(result.code).toBe(0);
    expect(asked).toEqual([
      'Base URL of the service',
      'Access key id',
      'Secret access key (Enter keeps the stored one: ********)',
      'Secret access key (Enter keeps the stored one: ********)',
    ]);
    expect(result.stderr).toContain(
      'the service refused these credentials: Secret access key was invalid; try again',
    );
  });

  it('an address typed without http:// or https:// is refused with the one it most likely meant', async () => {
    const said: string[] = [];
    const prompter: Prompter = {
      input: async (message, options) => {
        if (!message.startsWith('Base URL')) return t.service.credentials.accessKeyId;
        for (const typed of ['shop.example.com', 'localhost:8080', 'intranet']) {
          said.push(String(options?.validate?.(typed)));
        }
        expect(options?.validate?.(t.service.baseUrl)).toBe(true);
        return t.service.baseUrl;
      },
      password: async () => t.service.credentials.secretAccessKey,
    };
    expect((await loginAsked(prompter)).code).toBe(0);
    expect(said).toEqual([
      'Enter an http:// or https:// URL (did you mean https://shop.example.com?)',
      'Enter an http:// or https:// URL (did you mean http://localhost:8080?)',
      'Enter an http:// or https:// URL',
    ]);
  });

  it('an unreachable address: only the address is asked again', async () => {
    const asked: string[] = [];
    const urls = ['http://127.0.0.1:1', t.service.baseUrl];
    const prompter: Prompter = {
      input: async (message) => {
        asked.push(message);
        return message.startsWith('Base URL') ? (urls.shift() as string) : t.service.credentials.accessKeyId;
      },
      password: async (message) => {
        asked.push(message);
        return t.service.credentials.secretAccessKey;
      },
    };
    expect((await loginAsked(prompter)).code).toBe(0);
    expect(asked).toEqual([
      'Base URL of the service',
      'Access key id',
      'Secret access key',
      'Base URL of the service',
    ]);
  });
});

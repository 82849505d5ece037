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
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    let answered = 0;
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const next = answers[answered];
      if (next && output.includes(next[0])) {
        answered += 1;
        setTimeout(() => child.stdin.write(next[1]), 100);
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

  it('Ctrl-C stops quietly with exit 130', async () => {
    const configDir = await storedProfile(t.service.credentials.secretAccessKey);
    const result = await loginAtTerminal(configDir, [['Access key id', '\u0003']]);
    expect(result.code).toBe(130);
    expect(result.output).not.toMatch(/error|force closed/i);
  });
});

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
    const result = await cli(['login'], {
      env: { INTAKE_CONFIG_DIR: tempDir('intake-cfg-') },
      tty: true,
      prompter,
    });
    expect(result.code).toBe(0);
    expect(asked).toEqual([
      'Base URL of the service',
      'Access key id',
      'Secret access key',
      'Base URL of the service',
    ]);
  });
});

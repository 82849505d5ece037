import {
  accessSync,
  chmodSync,
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  statSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FIXTURES } from '../helpers/files.js';
import { BIN, runBin, runShell } from '../helpers/spawn.js';
import { writeWorkbook } from '../helpers/workbook.js';
import { startService, type TestService } from '../helpers/service.js';
import { tempDir } from '../helpers/temp.js';
import { patience } from '../helpers/patience.js';

let service: TestService;
let configDir: string;
beforeAll(async () => {
  service = await startService();
  configDir = tempDir('intake-spawn-');
});
afterAll(() => service.close());

/**
 * Whether a folder can be made unwritable to the CLI: as another user it cannot write to, unless root
 * does that (root writes anywhere), which needs this checkout readable by everyone and setpriv.
 */
function canRunAsAnother(): boolean {
  if (process.getuid?.() !== 0) return true;
  try {
    accessSync('/usr/bin/setpriv', constants.X_OK);
  } catch {
    return false;
  }
  for (let path = BIN; path !== dirname(path); path = dirname(path)) {
    if ((statSync(path).mode & 0o005) !== 0o005 && path !== BIN) return false;
  }
  return (statSync(BIN).mode & 0o004) !== 0;
}

const env = () => ({ INTAKE_CONFIG_DIR: configDir, INTAKE_BASE_URL: service.baseUrl });

/** Runs the CLI with its standard output a pipe closed at once (`intake … | head`); its exit code. */
function runWithClosedOutput(
  args: string[],
  options: { env: Record<string, string | undefined>; cwd?: string },
): Promise<number | null> {
  const child = spawn(process.execPath, [BIN, ...args], {
    ...options,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...options.env },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  child.stdout.destroy();
  return new Promise((done) => child.on('exit', (code) => done(code)));
}

describe('bin/intake.js', () => {
  it('exit 0: health', async () => {
    const result = await runBin(['health', '--json'], { env: env() });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 'available' });
  });

  it('exit 2: a usage error', async () => {
    const result = await runBin(['order', 'create', '--concurrency'], { env: env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("option '--concurrency <n>' argument missing");
  });

  it('exit 2 and no prompt without a terminal', async () => {
    const result = await runBin(['login'], { env: env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('cannot prompt without a terminal');
  });

  it('exit 3: refused credentials', async () => {
    const result = await runBin(['keys', 'check'], {
      env: {
        ...env(),
        INTAKE_ACCESS_KEY_ID: service.credentials.accessKeyId,
        INTAKE_SECRET_ACCESS_KEY: 'nope',
      },
    });
    expect(result.code).toBe(3);
  });

  it('a large workbook is read on a worker thread: its rows checked, a wrong sheet a usage error', async () => {
    const dir = tempDir('intake-spawn-xlsx-');
    const book = await writeWorkbook(
      join(dir, 'p.xlsx'),
      [
        {
          name: '상품',
          rows: [
            ['id', 'name', 'image_url'],
            ['W-1', '감귤', 'https://shop.example.com/w.jpg'],
          ],
        },
      ],
      { padBytes: 5 * 1024 * 1024 },
    );
    const dry = await runBin(['product', 'create', book, '--dry-run', '--json'], {
      env: { ...env(), INTAKE_DATA_DIR: dir },
    });
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout.trim().split('\n').at(-1) as string)).toMatchObject({
      sheet: '상품',
      valid: 1,
    });
    const wrong = await runBin(['product', 'create', book, '--sheet', 'x', '--dry-run'], {
      env: { ...env(), INTAKE_DATA_DIR: dir },
    });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('p.xlsx has no sheet "x"');
    expect(wrong.stderr).toContain('Visible sheets: 1 "상품"');
  });

  it('Ctrl-C before sending ends with 130 and removes the temporary copy of standard input', async () => {
    const tmp = tempDir('intake-spawn-tmp-');
    const child = spawn(process.execPath, [BIN, 'order', 'create', '-', '--dry-run'], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: tmp, ...env() },
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    // The copy of standard input exists once the first bytes have arrived; standard input stays open.
    child.stdin.write('order_id,item_id\n');
    await vi.waitFor(
      () => expect(readdirSync(tmp).some((name) => name.startsWith('intake-stdin-'))).toBe(true),
      {
        timeout: patience(10_000),
      },
    );
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it("a pipe given by name (a shell's <(…)) is read once like standard input, which stays free for a password", async () => {
    const tmp = tempDir('intake-spawn-tmp-');
    const dir = tempDir('intake-spawn-pipe-');
    const book = await writeWorkbook(
      join(dir, 'locked.xlsx'),
      [
        {
          name: 'p',
          rows: [
            ['id', 'name', 'image_url'],
            ['PIPE-1', '감귤', 'https://shop.example.com/p.jpg'],
          ],
        },
      ],
      { password: '비밀 1' },
    );
    const orders = join(FIXTURES, 'orders.csv');
    const result = await runShell(
      `"${process.execPath}" "${BIN}" order create <(cat "${orders}") --dry-run --json
       printf '%s' '비밀 1' | "${process.execPath}" "${BIN}" product create <(cat "${book}") --password-stdin --dry-run --json`,
      { TMPDIR: tmp, ...env(), INTAKE_DATA_DIR: dir },
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/\/dev\/fd\/\d+: 7 orders in 11 rows, all valid/);
    const summaries = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.type === 'summary');
    expect(summaries).toMatchObject([
      { valid: 7, invalid: 0 },
      { valid: 1, invalid: 0 },
    ]);
    // The copies of the pipes are gone.
    expect(readdirSync(tmp)).toEqual([]);
  });

  it.skipIf(!canRunAsAnother())(
    'a file in a folder it cannot write to is still sent; its rows to fix go to the current folder',
    async () => {
      const root = tempDir('intake-spawn-ro-');
      const input = join(root, 'shared');
      const work = join(root, 'work');
      mkdirSync(input);
      mkdirSync(work);
      copyFileSync(join(FIXTURES, 'orders-with-errors.csv'), join(input, 'orders.csv'));
      chmodSync(root, 0o755);
      chmodSync(input, 0o555);
      chmodSync(work, 0o777);
      // As root every folder can be written: the run is then made by another user, as a person would be.
      const asAnother = process.getuid?.() === 0 ? 'setpriv --reuid=65534 --regid=65534 --clear-groups ' : '';
      try {
        const result = await runShell(
          `cd "${work}" && ${asAnother}"${process.execPath}" "${BIN}" order create ../shared/orders.csv --json`,
          {
            INTAKE_BASE_URL: service.baseUrl,
            INTAKE_CONFIG_DIR: join(work, 'config'),
            INTAKE_DATA_DIR: join(work, 'data'),
            INTAKE_ACCESS_KEY_ID: service.credentials.accessKeyId,
            INTAKE_SECRET_ACCESS_KEY: service.credentials.secretAccessKey,
          },
        );
        expect(result.stderr).toContain(`Rows to fix: ${join(work, 'orders.rejects.csv')}`);
        expect(result.code).toBe(4);
        const summary = JSON.parse(result.stdout.trim().split('\n').at(-1) as string) as Record<
          string,
          unknown
        >;
        expect(summary).toMatchObject({ accepted: 2, invalid: 7 });
        expect(readdirSync(input)).toEqual(['orders.csv']);
      } finally {
        chmodSync(input, 0o755);
      }
    },
  );

  it('a reader that closes the pipe early (intake … | head) ends the run without leaving its temporary files', async () => {
    const tmp = tempDir('intake-spawn-tmp-');
    // One record from flags is read from a private temporary file; the run writes its line to a closed pipe.
    const exited = runWithClosedOutput(['shipment', 'create', '--order', 'ORD-PIPE'], {
      env: {
        TMPDIR: tmp,
        ...env(),
        INTAKE_ACCESS_KEY_ID: service.credentials.accessKeyId,
        INTAKE_SECRET_ACCESS_KEY: service.credentials.secretAccessKey,
      },
    });
    expect(await exited).not.toBeNull();
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('a run that ends at a closed pipe leaves no rejects file it has nothing to put in', async () => {
    const dir = tempDir('intake-spawn-rejects-');
    copyFileSync(join(FIXTURES, 'orders.csv'), join(dir, 'orders.csv'));
    const exited = runWithClosedOutput(['order', 'create', 'orders.csv', '--dry-run', '--json'], {
      cwd: dir,
      env: { INTAKE_DATA_DIR: join(dir, 'data'), ...env() },
    });
    expect(await exited).not.toBeNull();
    expect(readdirSync(dir).filter((name) => name !== 'data')).toEqual(['orders.csv']);
  });

  it.skipIf(!existsSync('/dev/full'))(
    'output that cannot be written (a full disk) is said in a line, in Korean too, and ends with exit 1, no stack trace',
    async () => {
      const said = async (lang: string) => {
        const full = openSync('/dev/full', 'w');
        try {
          const child = spawn(process.execPath, [BIN, 'carriers', '--json'], {
            env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env(), LANG: lang },
            stdio: ['ignore', full, 'pipe'],
          });
          let stderr = '';
          child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
          const code = await new Promise<number | null>((done) => child.on('close', (end) => done(end)));
          return { code, stderr };
        } finally {
          closeSync(full);
        }
      };
      const english = await said('C');
      expect(english.code).toBe(1);
      expect(english.stderr).toMatch(/\nerror: cannot write the output: no space left on the device\n$/);
      expect(english.stderr).not.toMatch(/^\s+at /m);
      const korean = await said('ko_KR.UTF-8');
      expect(korean.code).toBe(1);
      expect(korean.stderr).toMatch(/\n오류: 출력을 쓸 수 없습니다: 디스크에 남은 공간이 없습니다\n$/);
      expect(korean.stderr).not.toMatch(/^\s+at /m);
    },
  );

  /**
   * Spawns `intake ui` and resolves once it has printed `lines` lines on stdout: those lines, its stderr
   * so far and a function that stops it with SIGINT and resolves with its exit code.
   */
  async function startUi(
    args: string[],
    lines: number,
    more: Record<string, string> = {},
  ): Promise<{ stdout: string[]; stderr: () => string; interrupt: () => Promise<number | null> }> {
    const child = spawn(process.execPath, [BIN, 'ui', '--no-open', '--port', '0', ...args], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        INTAKE_DATA_DIR: tempDir('intake-spawn-data-'),
        INTAKE_ACCESS_KEY_ID: 'AKSPAWNED',
        INTAKE_SECRET_ACCESS_KEY: 'spawned-secret',
        ...env(),
        ...more,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
        if (stdout.split('\n').length > lines) resolve();
      });
      void exited.then((code) => reject(new Error(`intake ui exited with ${code}: ${stderr}`)));
    });
    return {
      stdout: stdout.split('\n'),
      stderr: () => stderr,
      interrupt: () => {
        child.kill('SIGINT');
        return exited;
      },
    };
  }

  it('intake ui prints its address, signs in the browser that opens it, and stops on Ctrl-C', async () => {
    const ui = await startUi(['--json'], 1);
    const { url } = JSON.parse(ui.stdout[0] as string) as { url: string };
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/p\/[\w-]{22}\/\?token=[\w-]{32}$/);
    const signIn = await fetch(url, { redirect: 'manual' });
    expect(signIn.status).toBe(303);
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const page = await fetch(new URL('status', url), { headers: { cookie } });
    expect(await page.text()).toContain('AKSPAWNED');
    expect(await ui.interrupt()).toBe(0);
    expect(ui.stderr()).toContain('Stopped.');
  });

  it('intake ui speaks Korean in a Korean terminal, as its page does', async () => {
    const ui = await startUi([], 3, { LANG: 'ko_KR.UTF-8' });
    const [ready, signIn, working] = ui.stdout;
    expect(ready).toMatch(/^Intake 페이지가 준비되었습니다: http:\/\/127\.0\.0\.1:\d+\/p\/[\w-]{22}\/$/);
    expect(signIn).toMatch(
      /^브라우저에서 한 번 열어 로그인하세요: http:\/\/127\.0\.0\.1:\d+\/p\/[\w-]{22}\/\?token=/,
    );
    expect(working).toMatch(/^프로필 \(환경 변수\), 서비스 .+ Ctrl-C로 멈춥니다\.$/);
    expect(await ui.interrupt()).toBe(0);
    expect(ui.stderr()).toContain('SIGINT: 닫는 중…');
    expect(ui.stderr()).toContain('멈췄습니다.');
  });

  it('exit 5: nothing listening', async () => {
    const result = await runBin(['health'], { env: { ...env(), INTAKE_BASE_URL: 'http://127.0.0.1:1' } });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('connection refused');
  });

  it('login stores the secret in a 0600 file and no output ever shows it', async () => {
    const secret = service.credentials.secretAccessKey;
    const login = await runBin(
      ['login', '--access-key-id', service.credentials.accessKeyId, '--secret-stdin', '--verbose'],
      { env: env(), input: `${secret}\n` },
    );
    expect(login.code).toBe(0);
    const files = readdirSync(configDir);
    expect(files).toContain('config.json');
    expect(statSync(join(configDir, 'config.json')).mode & 0o777).toBe(0o600);
    expect(statSync(configDir).mode & 0o777).toBe(0o700);

    const outputs = [login];
    for (const args of [
      ['config', 'list'],
      ['config', 'list', '--json'],
      ['config', 'get', 'secret_access_key'],
      ['keys', 'check', '--verbose'],
      ['queue', 'status', '--verbose', '--json'],
      ['rewards', 'list', '--verbose', '-o', 'csv'],
    ]) {
      const result = await runBin(args, { env: env() });
      expect(result.code, args.join(' ')).toBe(0);
      outputs.push(result);
    }
    const basicToken = service.authorization.slice('Basic '.length);
    for (const output of outputs) {
      expect(output.stdout + output.stderr).not.toContain(secret);
      expect(output.stdout + output.stderr).not.toContain(basicToken);
    }
    expect(outputs[2]?.stdout).toContain('********');
  });
});

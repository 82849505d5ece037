import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { settingsOf } from '../../src/commands/local/marketplace.js';
import { cli, useService } from '../helpers/cli.js';
import { marketplaceEnv } from '../helpers/marketplaces.js';
import { tempDir } from '../helpers/temp.js';
import { BIN, runShell } from '../helpers/spawn.js';

const t = useService({ startWorker: false });

const json = <T>(stdout: string) => JSON.parse(stdout) as T;
type State = {
  lines: { order_id: string; line_id: string; claim: string | null; tracking_number: string | null }[];
};

describe('intake local marketplace', () => {
  it('sets a fake up, seeds it, cancels a line; a pull then sees it as the marketplace would', async () => {
    const env = {
      ...t.env,
      ...marketplaceEnv(t.service),
      INTAKE_CONFIG_DIR: tempDir('intake-config-'),
      INTAKE_DATA_DIR: tempDir('intake-data-'),
    };
    expect((await cli(['local', 'marketplace', 'reset', 'naver'], { env })).code).toBe(0);
    const set = await cli(['local', 'marketplace', 'set', 'naver', '--sample-credentials', '--json'], {
      env,
    });
    expect(set.code, set.stderr).toBe(0);
    const seeded = await cli(
      ['local', 'marketplace', 'seed', 'naver', '--sample', '2', '--prefix', 'LM', '--json'],
      { env },
    );
    expect(seeded.code, seeded.stderr).toBe(0);
    expect(json<State>(seeded.stdout).lines.map((line) => line.line_id)).toEqual(['LM9000001', 'LM9000002']);
    const cancelled = await cli(
      ['local', 'marketplace', 'line', 'naver', 'LM9000002', '--cancel', '--json'],
      {
        env,
      },
    );
    expect(json<State>(cancelled.stdout).lines[1]?.claim).toBe('CANCEL_REQUEST');
    const pulled = await cli(['pull', 'naver', '--json'], { env });
    expect(pulled.code, pulled.stderr).toBe(0);
    const stored = await t.service.local.orders();
    expect(stored.map((order) => order.id)).toContain('LM000001');
    expect(stored.map((order) => order.id)).not.toContain('LM000002');
    const shown = await cli(['local', 'marketplace', 'show', 'naver'], { env });
    expect(shown.stdout).toMatch(/^LM000002\tLM9000002\tPAYED\tCANCEL_REQUEST/m);
    expect(shown.stderr).toMatch(/2 lines, 0 writes received/);
  });

  it.each(['naver', 'coupang', 'cafe24'])(
    '%s: set --sample-credentials says how to log in, and those lines, run by a shell, log in and pull',
    async (name) => {
      const env = {
        ...t.env,
        INTAKE_CONFIG_DIR: tempDir('intake-config-'),
        INTAKE_DATA_DIR: tempDir('intake-data-'),
      };
      expect((await cli(['local', 'marketplace', 'reset', name], { env })).code).toBe(0);
      const set = await cli(['local', 'marketplace', 'set', name, '--sample-credentials'], { env });
      expect(set.code, set.stderr).toBe(0);
      const said = set.stderr.split('To log in to it:\n')[1]?.trim();
      expect(said).toContain(`intake marketplace login ${name}`);
      // Coupang's ids are numbers.
      const prefix = name === 'coupang' ? '34000009' : `SL${name.slice(0, 2).toUpperCase()}`;
      await cli(['local', 'marketplace', 'seed', name, '--sample', '1', '--prefix', prefix], { env });
      // As a person would paste them into a shell, with `intake` the command of this checkout.
      const intake = `intake() { "${process.execPath}" "${BIN}" "$@"; }`;
      const shellEnv = { ...env, INTAKE_SECRET_STORAGE: 'file' };
      const shell = await runShell([intake, said, `intake pull ${name} --json`].join('\n'), shellEnv);
      expect(shell.code, shell.stderr).toBe(0);
      expect((await t.service.local.orders()).map((order) => order.id)).toContain(`${prefix}000001`);
      // The address came from the environment: login says how to keep it, and another shell then pulls.
      const keep = /To keep this address for it: (intake config set .+)$/m.exec(shell.stderr)?.[1];
      expect(keep).toContain(`${name}_base_url`);
      const again = await runShell([intake, keep, `intake pull ${name} --json`].join('\n'), shellEnv);
      expect(again.code, again.stderr).toBe(0);
      // The sample order shipped, its number pushed back (a sample Cafe24 mall has its carriers).
      const order = (await t.service.local.orders()).find((stored) => stored.id === `${prefix}000001`);
      const item = order?.items[0]?.id as string;
      const ship = `intake shipment create --order ${prefix}000001 --items '${item}' --company-code kr.cjlogistics --tracking-number 640123456789`;
      const pushed = await runShell([intake, ship, `intake push ${name} --json`].join('\n'), shellEnv);
      expect(pushed.code, pushed.stderr).toBe(0);
      expect(JSON.parse(pushed.stdout.trim().split('\n').at(-1) as string)).toMatchObject({ pushed: 1 });
    },
  );

  it('samples of the three marketplaces, seeded on one service, never name the same order', async () => {
    const ids: string[] = [];
    for (const name of ['naver', 'coupang', 'cafe24']) {
      expect((await cli(['local', 'marketplace', 'reset', name], { env: t.env })).code).toBe(0);
      const seeded = await cli(['local', 'marketplace', 'seed', name, '--sample', '2', '--json'], {
        env: t.env,
      });
      expect(seeded.code, seeded.stderr).toBe(0);
      ids.push(...json<State>(seeded.stdout).lines.map((line) => line.order_id));
    }
    // Each had started at 2026112500000001: a pull of the second took the first's orders for changed ones.
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    expect(ids).toEqual(expect.arrayContaining(['2026112500000001', '32000009000001', '20261125-0000001']));
  });

  it('refuses a seed file off the contract, and an empty change, before sending anything', async () => {
    const dir = tempDir('intake-seed-');
    const file = join(dir, 'seed.json');
    writeFileSync(file, JSON.stringify({ orders: [{ order_id: 'X', lines: [] }] }));
    const bad = await cli(['local', 'marketplace', 'seed', 'coupang', file], { env: t.env });
    expect(bad.code).toBe(2);
    // Every issue, each on its line, in the words of the check of any other input.
    expect(bad.stderr).toContain(`${file} is not orders and products for a fake:\n`);
    expect(bad.stderr).toContain('  orders[0].recipient_name: Field required\n');
    expect(bad.stderr).toContain('  orders[0].lines: List should have at least 1 item');
    const korean = await cli(['local', 'marketplace', 'seed', 'coupang', file], {
      env: { ...t.env, LANG: 'ko_KR.UTF-8' },
    });
    expect(korean.stderr).toContain(`${file}은(는) 가짜 마켓의 주문과 상품 파일이 아닙니다:\n`);
    expect(korean.stderr).toContain('  orders[0].recipient_name: 값이 없습니다\n');
    expect(korean.stderr).not.toMatch(/Field required|Invalid input/);
    // A file that is not there: said in words, never as the system's code.
    const missing = await cli(['local', 'marketplace', 'seed', 'coupang', join(dir, 'nope.json')], {
      env: t.env,
    });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`cannot read ${join(dir, 'nope.json')}: no such file`);
    expect(missing.stderr).not.toMatch(/\bE[A-Z]{4,}\b/);
    const neither = await cli(['local', 'marketplace', 'seed', 'coupang'], { env: t.env });
    expect(neither.code).toBe(2);
    const nothing = await cli(['local', 'marketplace', 'line', 'naver', 'L1'], { env: t.env });
    expect(nothing.code).toBe(2);
    const unknown = await cli(['local', 'marketplace', 'show', 'gmarket'], { env: t.env });
    expect(unknown.code).toBe(2);
  });

  it('mints a Cafe24 consent code once the fake mall has an app', async () => {
    const refused = await cli(['local', 'marketplace', 'code'], { env: t.env });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/no app/);
    await cli(['local', 'marketplace', 'set', 'cafe24', '--sample-credentials'], { env: t.env });
    const minted = await cli(['local', 'marketplace', 'code', '--json'], { env: t.env });
    expect(minted.code, minted.stderr).toBe(0);
    expect(json<{ code: string }>(minted.stdout).code).toMatch(/\w{8,}/);
  });

  it('intake catalog pull keeps what the product API says; a product it does not know is exit 4', async () => {
    const env = {
      ...t.env,
      ...marketplaceEnv(t.service),
      INTAKE_CONFIG_DIR: tempDir('intake-config-'),
      INTAKE_DATA_DIR: tempDir('intake-data-'),
    };
    await cli(['local', 'marketplace', 'reset', 'naver'], { env });
    await cli(['local', 'marketplace', 'set', 'naver', '--sample-credentials'], { env });
    await cli(['local', 'marketplace', 'seed', 'naver', '--sample', '1', '--prefix', 'CP'], { env });
    const pulled = await cli(['catalog', 'pull', 'naver', '1001', '4242', '--json'], { env });
    expect(pulled.code, pulled.stderr).toBe(4);
    expect(json(pulled.stdout)).toEqual([
      { id: '1001', found: true, name: '햇사과 3kg', image_url: 'https://shop.example.com/img/1001.jpg' },
      { id: '4242', found: false, name: null, image_url: null },
    ]);
    const listed = await cli(['catalog', 'list', '--json'], { env });
    expect(listed.stdout).toContain('https://shop.example.com/img/1001.jpg');
    expect(listed.stdout).not.toContain('4242');
  });

  it('lays flags over a settings file', () => {
    expect(
      settingsOf(
        'naver',
        { allow: '203.0.113.10, 198.51.100.1', storm: 3 },
        { caller_ip: '1.2.3.4', faults: { maintenance: 1 } },
      ),
    ).toEqual({
      caller_ip: '1.2.3.4',
      allowlist: ['203.0.113.10', '198.51.100.1'],
      faults: { maintenance: 1, storm: 3 },
    });
    expect(settingsOf('coupang', { allow: 'any' })).toEqual({ allowlist: null });
  });
});

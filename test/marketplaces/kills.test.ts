import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cli, useService } from '../helpers/cli.js';
import { workspace } from '../helpers/files.js';
import { fakes, marketplaceEnv, seedOrders } from '../helpers/marketplaces.js';
import { patience } from '../helpers/patience.js';
import { BIN } from '../helpers/spawn.js';
import { tempDir } from '../helpers/temp.js';

const t = useService({ startWorker: false });

/** Runs `bin/intake.js` and SIGKILLs it once `when` holds (asked every 20 ms); resolves with its exit. */
function killWhen(
  args: string[],
  env: Record<string, string>,
  when: () => Promise<boolean>,
): Promise<number | null> {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, INTAKE_SECRET_STORAGE: 'file', ...env },
    stdio: 'ignore',
  });
  const ended = new Promise<number | null>((resolve) =>
    child.on('close', (code, signal) => resolve(signal ? null : code)),
  );
  void (async () => {
    while (child.exitCode === null && child.signalCode === null) {
      if (await when()) {
        child.kill('SIGKILL');
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return ended;
}

describe('a push killed mid-way, then run again', () => {
  it(
    'Naver: every line dispatched exactly once, the batch whose answer was lost found done',
    async () => {
      const fake = fakes(t.service);
      await fake.reset('naver');
      await fake.setUp('naver', { rate: { per_second: 50, burst: 100 } });
      const count = 45;
      await fake.seed('naver', seedOrders('NK', count));
      const env = {
        ...t.env,
        ...marketplaceEnv(t.service),
        INTAKE_CONFIG_DIR: tempDir('intake-config-'),
        INTAKE_DATA_DIR: tempDir('intake-data-'),
      };
      expect((await cli(['pull', 'naver'], { env })).code).toBe(0);
      const rows = Array.from({ length: count }, (_, index) => {
        const id = String(index + 1).padStart(6, '0');
        return `NK${id},NK9${id},kr.cjlogistics,64${String(index + 1).padStart(10, '0')}`;
      });
      const sheet = workspace().write(
        'shipments.csv',
        `order_id,order_item_id,company_code,tracking_number\n${rows.join('\n')}\n`,
      );
      expect((await cli(['shipment', 'create', sheet], { env })).code).toBe(0);
      // Killed as soon as the fake has taken the first dispatch (30 lines): its answer may never be read.
      const dispatches = async () =>
        (await fake.state('naver')).writes.filter((write) => write.kind === 'dispatch');
      const killed = await killWhen(['push', 'naver'], env, async () => (await dispatches()).length >= 1);
      expect(killed).toBeNull();
      const rerun = await cli(['push', 'naver', '--json'], { env });
      expect(rerun.code, rerun.stderr).toBe(0);
      const dispatched = (await dispatches()).flatMap((write) => write.lines);
      expect(dispatched).toHaveLength(count);
      expect(new Set(dispatched).size).toBe(count);
      const lines = (await fake.state('naver')).lines;
      expect(lines.filter((line) => line.status === 'DELIVERING')).toHaveLength(count);
      expect((await cli(['push', 'naver', '--json'], { env })).summary()).toMatchObject({ lines: 0 });
    },
    patience(120_000),
  );
});

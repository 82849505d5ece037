import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli.js';
import { startService } from '../helpers/service.js';
import { tempDir } from '../helpers/temp.js';

const KO = { LANG: 'ko_KR.UTF-8' };

/** A data folder holding a service with its one merchant, closed. */
async function serviceFolder(): Promise<string> {
  const folder = tempDir('intake-admin-');
  const service = await startService({ dataDir: folder, engine: 'sqlite', startWorker: false });
  await service.close();
  return folder;
}

describe("intake serve's administrator's commands (migrate, export, import)", () => {
  it('say what they did in Korean at a Korean terminal, and their JSON is the same in any language', async () => {
    const folder = await serviceFolder();
    const copy = join(tempDir('intake-admin-copy-'), 'copy');
    const exported = await cli(['serve', 'export', '--data', folder, '--to', copy], { env: KO });
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).toContain(`${folder}을(를) ${copy}(으)로 복사합니다…`);
    expect(exported.stderr).toContain('  merchants: 1행, 양쪽이 같습니다');
    expect(exported.stdout).toMatch(
      /^.+에서 .+\(으\)로 테이블 13개, \d+행을 복사했습니다\. 행 수와 내용이 같은지 확인했습니다\.\n$/,
    );

    const migrated = await cli(['serve', 'migrate', '--to', copy], { env: KO });
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(migrated.stderr).toContain('데이터베이스 스키마가 최신입니다');

    const again = await cli(['serve', 'export', '--data', folder, '--to', copy, '--json'], { env: KO });
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(
      `오류: ${copy}: 대상에 이미 서비스가 있습니다 (판매자가 있습니다). 아무것도 복사하지 않았습니다\n  새 데이터 폴더나 빈 데이터베이스로 복사하세요.\n`,
    );
    // A script reads the error in English, in any language.
    expect(JSON.parse(again.stdout.trim().split('\n').at(-1) as string)).toMatchObject({
      type: 'error',
      message: `${copy}: the target already holds a service (it has merchants); nothing was copied`,
    });
  });

  it('say in Korean that the service holds its folder, and what to do', async () => {
    const folder = tempDir('intake-admin-');
    const service = await startService({ dataDir: folder, engine: 'sqlite', startWorker: false });
    try {
      const copy = join(tempDir('intake-admin-copy-'), 'copy');
      const refused = await cli(['serve', 'export', '--data', folder, '--to', copy], { env: KO });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toBe(
        `오류: 복사할 원본 ${folder}을(를) 열 수 없습니다: 다른 프로세스가 ${join(folder, 'intake.db')}을(를) 쓰고 있습니다 (intake serve의 데이터 폴더)\n` +
          '  그것을 쓰는 intake serve를 먼저 멈추세요.\n',
      );
      const migrate = await cli(['serve', 'migrate', '--to', folder], { env: KO });
      expect(migrate.code).toBe(2);
      expect(migrate.stderr).toContain(`오류: 데이터베이스 ${folder}을(를) 열 수 없습니다: 다른 프로세스가 `);
    } finally {
      await service.close();
    }
  });

  it('count one row as one row in English', async () => {
    const folder = await serviceFolder();
    const copy = join(tempDir('intake-admin-copy-'), 'copy');
    const exported = await cli(['serve', 'export', '--data', folder, '--to', copy], { env: { LANG: 'C' } });
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).toContain('  merchants: 1 row, the same in both\n');
    expect(exported.stderr).toContain('  orders: 0 rows, the same in both\n');
  });
});

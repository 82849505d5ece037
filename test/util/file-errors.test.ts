import { openSync, closeSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { openDatabase } from '../../src/storage/sqlite.js';
import { isDiskFull } from '../../src/util/file-errors.js';
import { tempDir } from '../helpers/temp.js';

/** The error a write to a full device gives (Linux's /dev/full is always full). */
function fullDeviceError(): unknown {
  const fd = openSync('/dev/full', 'w');
  try {
    writeSync(fd, 'x');
  } catch (error) {
    return error;
  } finally {
    closeSync(fd);
  }
  throw new Error('/dev/full took a write');
}

/** The error SQLite gives when its file cannot grow (its page limit answers as a full disk does). */
function sqliteFullError(): unknown {
  const db = openDatabase(join(tempDir('intake-full-'), 'full.db'), {
    migrations: [],
    synchronous: 'NORMAL',
    what: 'a test file',
  });
  try {
    const { page_count: pages } = db.prepare('PRAGMA page_count').get() as { page_count: number };
    db.pragma(`max_page_count = ${pages + 1}`);
    db.exec('CREATE TABLE t (v TEXT)');
    db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(64 * 1024));
  } catch (error) {
    return error;
  } finally {
    db.close();
  }
  throw new Error('the file grew');
}

it.runIf(process.platform === 'linux')(
  'tells a full disk from other failures, the system’s or SQLite’s, also as a cause',
  () => {
    const device = fullDeviceError();
    expect((device as { code?: string }).code).toBe('ENOSPC');
    expect(isDiskFull(device)).toBe(true);
    const sqlite = sqliteFullError();
    expect(isDiskFull(sqlite)).toBe(true);
    expect(isDiskFull(new Error('the copy could not be kept', { cause: device }))).toBe(true);
    expect(isDiskFull(Object.assign(new Error('denied'), { code: 'EACCES' }))).toBe(false);
    expect(isDiskFull(undefined)).toBe(false);
    expect(isDiskFull('ENOSPC')).toBe(false);
  },
);

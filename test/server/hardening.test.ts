import { createHash, randomBytes, scryptSync } from 'node:crypto';
import { statSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { basicAuthorization } from '../../src/contract/index.js';
import { buildServer } from '../../src/server/build-server.js';
import { DatabaseOpenError } from '../../src/storage/sqlite.js';
import { sampleProduct } from '../helpers/samples.js';
import { startService, TEST_CREDENTIALS, type TestService } from '../helpers/service.js';
import { tempDir } from '../helpers/temp.js';

const open: TestService[] = [];
afterEach(async () => {
  while (open.length > 0) await open.pop()?.close();
});

const tempFolder = () => tempDir('intake-hardening-');

async function service(options: Parameters<typeof startService>[0] = {}) {
  const started = await startService(options);
  open.push(started);
  return started;
}

interface Watched {
  socket: Socket;
  received: () => string;
  closed: Promise<number>;
}

/** A socket to the service whose answer and closing time are recorded. */
function watch(port: number, started = performance.now()): Watched {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) =>
    socket.on('close', () => resolve(performance.now() - started)),
  );
  return { socket, received: () => received, closed };
}

const portOf = (target: TestService) => Number(new URL(target.baseUrl).port);

describe('slow request bodies', () => {
  it('a client that trickles its body is dropped after the timeout, while others are answered', async () => {
    const target = await service({ requestTimeoutMs: 600 });
    const body = JSON.stringify(sampleProduct('P-SLOW'));
    const slow = Array.from({ length: 40 }, () => {
      const watched = watch(portOf(target));
      watched.socket.write(
        `POST /api/v1/products/ HTTP/1.1\r\nHost: x\r\nAuthorization: ${target.authorization}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      let sent = 0;
      const timer = setInterval(() => {
        if (!watched.socket.writable || sent >= body.length - 1) return;
        watched.socket.write(body[sent++] as string);
      }, 100);
      void watched.closed.then(() => clearInterval(timer));
      return watched;
    });
    const health = await target.http('GET', '/api/v1/health/');
    expect(health.status).toBe(200);
    const times = await Promise.all(slow.map((watched) => watched.closed));
    expect(Math.max(...times)).toBeLessThan(3_000);
    for (const watched of slow) {
      expect(watched.received()).toMatch(/^HTTP\/1\.1 408 /);
      expect(watched.received()).toContain('{"detail":"Request Timeout"}');
    }
    expect((await target.http('GET', '/api/v1/health/')).status).toBe(200);
  });
});

describe('a 401 closes the connection', () => {
  it('does not read the rest of a large body sent with a wrong secret', async () => {
    const target = await service();
    const watched = watch(portOf(target));
    const wrong = basicAuthorization({ ...TEST_CREDENTIALS, secretAccessKey: 'wrong' });
    watched.socket.write(
      `POST /api/v1/orders/ HTTP/1.1\r\nHost: x\r\nAuthorization: ${wrong}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${300 * 1024 * 1024}\r\n\r\n`,
    );
    watched.socket.write(Buffer.alloc(64 * 1024, 0x20));
    const closedAfter = await watched.closed;
    expect(watched.received()).toMatch(/^HTTP\/1\.1 401 /);
    expect(watched.received()).toMatch(/connection: close/i);
    expect(watched.received()).toContain('{"detail":"Secret access key was invalid."}');
    expect(closedAfter).toBeLessThan(2_000);
  });
});

describe('files of the data folder', () => {
  it('a new data folder is 0700 and the database files 0600', async () => {
    const dataDir = join(tempFolder(), 'data');
    const target = await service({ dataDir });
    await target.call('POST', '/api/v1/products/', { body: sampleProduct('P-MODE') });
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    for (const name of ['intake.db', 'intake.db-wal']) {
      expect(statSync(join(dataDir, name)).mode & 0o777, name).toBe(0o600);
    }
  });

  it('a second service on the same folder is refused at once, and can start once the first stops', async () => {
    const dataDir = tempFolder();
    const first = await service({ dataDir });
    const started = performance.now();
    const second = buildServer({ dataDir, merchants: [{ merchantId: 'mall-1', ...TEST_CREDENTIALS }] });
    await expect(second).rejects.toBeInstanceOf(DatabaseOpenError);
    await expect(second).rejects.toMatchObject({ code: 'in_use' });
    expect(performance.now() - started).toBeLessThan(2_000);
    await first.app.close();
    open.length = 0;
    const third = await service({ dataDir });
    expect((await third.call('GET', '/api/v1/health/')).status).toBe(200);
  });
});

describe('stored secrets', () => {
  const readMerchant = (dataDir: string) => {
    const db = new Database(join(dataDir, 'intake.db'), { readonly: true });
    try {
      return db.prepare('SELECT secret_salt, secret_hash, secret_kdf FROM merchants').get() as {
        secret_salt: Buffer;
        secret_hash: Buffer;
        secret_kdf: string;
      };
    } finally {
      db.close();
    }
  };
  const scrypt = (secret: string, salt: Buffer) =>
    scryptSync(secret, salt, 32, { N: 16_384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });

  it('are salted scrypt hashes', async () => {
    const dataDir = tempFolder();
    const target = await service({ dataDir });
    await target.app.close();
    open.length = 0;
    const row = readMerchant(dataDir);
    expect(row.secret_kdf).toBe('scrypt');
    expect(row.secret_hash.equals(scrypt(TEST_CREDENTIALS.secretAccessKey, row.secret_salt))).toBe(true);
  });

  it('one written by an older version (a single SHA-256) still works and is stored again with scrypt', async () => {
    const dataDir = tempFolder();
    const target = await service({ dataDir });
    await target.app.close();
    open.length = 0;
    const salt = randomBytes(16);
    const old = createHash('sha256').update(salt).update(TEST_CREDENTIALS.secretAccessKey).digest();
    const db = new Database(join(dataDir, 'intake.db'));
    db.prepare("UPDATE merchants SET secret_salt = ?, secret_hash = ?, secret_kdf = 'sha256'").run(salt, old);
    db.close();
    const again = await service({ dataDir, merchants: [] });
    expect((await again.call('GET', '/api/v1/shipments/status/')).status).toBe(200);
    const wrong = basicAuthorization({ ...TEST_CREDENTIALS, secretAccessKey: 'nope' });
    expect(
      (await again.call('GET', '/api/v1/shipments/status/', { headers: { authorization: wrong } })).status,
    ).toBe(401);
    await again.app.close();
    open.length = 0;
    expect(readMerchant(dataDir).secret_kdf).toBe('scrypt');
  });
});

describe('adding merchants', () => {
  const shopB = { accessKeyId: 'AKSHOPB', secretAccessKey: 'secret-shop-b' };

  it("only the service's first merchant may, and a taken key id is refused without naming its holder", async () => {
    const target = await service({
      merchants: [
        { merchantId: 'mall-1', ...TEST_CREDENTIALS },
        { merchantId: 'shop-b', ...shopB },
      ],
    });
    const asShopB = { authorization: basicAuthorization(shopB) };
    const refused = await target.call('POST', '/local/merchants', {
      body: { merchant_id: 'shop-c' },
      headers: asShopB,
    });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ detail: "Only the service's first merchant may add merchants." });
    const taken = await target.call('POST', '/local/merchants', {
      body: { merchant_id: 'shop-c', access_key_id: 'AKSHOPB' },
    });
    expect(taken.status).toBe(409);
    expect(taken.text).not.toContain('shop-b');
    const added = await target.call('POST', '/local/merchants', { body: { merchant_id: 'shop-c' } });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ merchant_id: 'shop-c', thanks_delay_days: 3 });
  });
});

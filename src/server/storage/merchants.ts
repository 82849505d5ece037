import type { SecretKdf } from '../credentials.js';
import type { Db } from './database.js';

export interface MerchantRow {
  id: string;
  access_key_id: string;
  secret_salt: Buffer;
  secret_hash: Buffer;
  secret_kdf: SecretKdf;
  thanks_delay_days: number;
  created_at: number;
}

export function merchantsRepo(db: Db) {
  const byAccessKeyId = db.prepare<[string], MerchantRow>('SELECT * FROM merchants WHERE access_key_id = ?');
  const byId = db.prepare<[string], MerchantRow>('SELECT * FROM merchants WHERE id = ?');
  const all = db.prepare<[], MerchantRow>('SELECT * FROM merchants ORDER BY rowid');
  const insert = db.prepare<MerchantRow>(
    `INSERT INTO merchants (id, access_key_id, secret_salt, secret_hash, secret_kdf, thanks_delay_days, created_at)
     VALUES (@id, @access_key_id, @secret_salt, @secret_hash, @secret_kdf, @thanks_delay_days, @created_at)`,
  );
  const update = db.prepare<MerchantRow>(
    `UPDATE merchants SET access_key_id = @access_key_id, secret_salt = @secret_salt, secret_hash = @secret_hash,
       secret_kdf = @secret_kdf, thanks_delay_days = @thanks_delay_days WHERE id = @id`,
  );
  return {
    findByAccessKeyId: (accessKeyId: string) => byAccessKeyId.get(accessKeyId),
    findById: (id: string) => byId.get(id),
    /** Every merchant, in the order they were created: the first is the service's first merchant. */
    all: () => all.all(),
    insert: (row: MerchantRow) => void insert.run(row),
    update: (row: MerchantRow) => void update.run(row),
  };
}

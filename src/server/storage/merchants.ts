import type { SecretKdf } from '../credentials.js';
import { insertStatement, type Sql } from './sql.js';

export interface MerchantRow {
  id: string;
  access_key_id: string;
  secret_salt: Buffer;
  secret_hash: Buffer;
  secret_kdf: SecretKdf;
  thanks_delay_days: number;
  created_at: number;
}

const COLUMNS = 'id, access_key_id, secret_salt, secret_hash, secret_kdf, thanks_delay_days, created_at';
const insert = insertStatement<MerchantRow>('merchants', [
  'id',
  'access_key_id',
  'secret_salt',
  'secret_hash',
  'secret_kdf',
  'thanks_delay_days',
  'created_at',
]);

export function merchantsRepo(sql: Sql) {
  return {
    findByAccessKeyId: (accessKeyId: string) =>
      sql.get<MerchantRow>(`SELECT ${COLUMNS} FROM merchants WHERE access_key_id = ?`, [accessKeyId]),
    findById: (id: string) => sql.get<MerchantRow>(`SELECT ${COLUMNS} FROM merchants WHERE id = ?`, [id]),
    /** Every merchant, in the order they were created: the first is the service's first merchant. */
    all: () => sql.all<MerchantRow>(`SELECT ${COLUMNS} FROM merchants ORDER BY rowid`),
    insert: async (row: MerchantRow) => void (await sql.run(insert.text, insert.values(row))),
    update: async (row: MerchantRow) =>
      void (await sql.run(
        `UPDATE merchants SET access_key_id = ?, secret_salt = ?, secret_hash = ?, secret_kdf = ?,
           thanks_delay_days = ? WHERE id = ?`,
        [row.access_key_id, row.secret_salt, row.secret_hash, row.secret_kdf, row.thanks_delay_days, row.id],
      )),
  };
}

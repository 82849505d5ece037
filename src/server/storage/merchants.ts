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

/** The columns of a merchant, in the order rows are written (and copied by export and import). */
export const MERCHANT_COLUMNS = [
  'id',
  'access_key_id',
  'secret_salt',
  'secret_hash',
  'secret_kdf',
  'thanks_delay_days',
  'created_at',
] as const satisfies readonly (keyof MerchantRow)[];

const insert = insertStatement<MerchantRow>('merchants', MERCHANT_COLUMNS);
const SELECT = `SELECT ${MERCHANT_COLUMNS.join(', ')} FROM merchants`;

export function merchantsRepo(sql: Sql) {
  return {
    findByAccessKeyId: (accessKeyId: string) =>
      sql.get<MerchantRow>(`${SELECT} WHERE access_key_id = ?`, [accessKeyId]),
    findById: (id: string) => sql.get<MerchantRow>(`${SELECT} WHERE id = ?`, [id]),
    /** Every merchant, in the order they were created: the first is the service's first merchant. */
    all: () => sql.all<MerchantRow>(`${SELECT} ORDER BY rowid`),
    insert: async (row: MerchantRow) => void (await sql.run(insert.text, insert.values(row))),
    update: async (row: MerchantRow) =>
      void (await sql.run(
        `UPDATE merchants SET access_key_id = ?, secret_salt = ?, secret_hash = ?, secret_kdf = ?,
           thanks_delay_days = ? WHERE id = ?`,
        [row.access_key_id, row.secret_salt, row.secret_hash, row.secret_kdf, row.thanks_delay_days, row.id],
      )),
  };
}

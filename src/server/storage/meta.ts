import type { Db } from './database.js';

export function metaRepo(db: Db) {
  const get = db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?');
  const set = db.prepare<[string, string]>(
    'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  return {
    get: (key: string) => get.get(key)?.value,
    set: (key: string, value: string) => void set.run(key, value),
  };
}

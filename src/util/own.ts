/**
 * `table[key]` where the table has that key of its own, else undefined: never what every object inherits
 * (`constructor`, `toString`, `__proto__`), which a lookup by a name a person typed must not find.
 */
export function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

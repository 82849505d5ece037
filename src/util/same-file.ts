import { stat } from 'node:fs/promises';

/** Which file a path names (device and inode), or undefined when it names none. */
export async function fileIdOf(path: string): Promise<string | undefined> {
  try {
    const info = await stat(path, { bigint: true });
    return `${info.dev}:${info.ino}`;
  } catch {
    return undefined;
  }
}

/** Whether two paths name one existing file, whatever their spelling (a link, `./` or `..` in one). */
export async function sameFile(a: string, b: string): Promise<boolean> {
  const [first, second] = await Promise.all([fileIdOf(a), fileIdOf(b)]);
  return first !== undefined && first === second;
}

import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isLayoutName, presetFromJson, type LayoutToSave, type Preset } from '../bulk/index.js';
import { UsageError } from './errors.js';
import { configDir } from './paths.js';
import { makeFolder } from '../util/make-folder.js';

type Env = Readonly<Record<string, string | undefined>>;

/** Where saved layouts live: `layouts/` in the config folder, one JSON file each (the presets' format). */
export const layoutsDir = (env: Env) => join(configDir(env), 'layouts');

/** Checks a layout's name; a bad one is a usage error saying what a name may be. */
export function layoutName(name: string): string {
  const trimmed = name.trim();
  if (!isLayoutName(trimmed)) {
    throw new UsageError(
      `"${trimmed}" cannot name a layout: use letters, digits, -, _ and . (at most 64), starting with a letter or digit`,
    );
  }
  return trimmed;
}

/** Every layout the person saved, as presets (`saved`), by name; a file that does not read is skipped. */
export async function savedLayouts(env: Env): Promise<Preset[]> {
  const dir = layoutsDir(env);
  const files = await readdir(dir).catch(() => [] as string[]);
  const layouts: Preset[] = [];
  for (const file of files.filter((name) => name.endsWith('.json')).sort()) {
    try {
      const raw = JSON.parse(await readFile(join(dir, file), 'utf8')) as Record<string, unknown>;
      if (typeof raw.$kind === 'string') layouts.push(presetFromJson(file.slice(0, -5), raw, true));
    } catch {
      // A file someone broke by hand is not a layout.
    }
  }
  return layouts;
}

export type { LayoutToSave } from '../bulk/index.js';

/** Saves (or replaces) a layout under its name, private to the user. */
export async function saveLayout(env: Env, layout: LayoutToSave, now = new Date()): Promise<string> {
  const dir = layoutsDir(env);
  makeFolder(dir);
  const path = join(dir, `${layoutName(layout.name)}.json`);
  const day = now.toISOString().slice(0, 10);
  const raw = {
    $kind: layout.kind,
    $title: layout.name,
    $notes:
      layout.header.length > 0 ? `Saved ${day} from a file with the headers in $headers.` : `Saved ${day}.`,
    $notes_ko:
      layout.header.length > 0
        ? `${day}에 $headers의 머리글이 있는 파일에서 저장했습니다.`
        : `${day}에 저장했습니다.`,
    ...(layout.header.length > 0 ? { $headers: layout.header } : {}),
    ...layout.columns,
  };
  await writeFile(path, `${JSON.stringify(raw, null, 2)}\n`, { mode: 0o600 });
  return path;
}

/** Removes a saved layout; false when there was none of that name. */
export async function removeLayout(env: Env, name: string): Promise<boolean> {
  const path = join(layoutsDir(env), `${layoutName(name)}.json`);
  try {
    await rm(path);
    return true;
  } catch {
    return false;
  }
}

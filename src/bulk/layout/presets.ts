import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageFile } from '../../util/package-files.js';
import { InputError } from '../errors.js';
import { mappingFromJson, type ColumnMapping } from './columns.js';
import type { TableLayout } from './layouts.js';
import type { ResourceName } from '../resources.js';

/** Where the preset files are: `presets/` at the root of the package. */
const PRESETS_FOLDER = packageFile('presets');

/** A marketplace export's headers mapped to our columns: a file in `presets/`, as `--columns` JSON. */
export interface Preset {
  name: string;
  kind: ResourceName;
  title: string;
  /** The title in Korean, for pages that speak it. */
  titleKo: string;
  notes: string;
  /** The notes in Korean, for a Korean terminal (the notes where a file has none). */
  notesKo: string;
  /** Where the headers were established (public integrations of the marketplace). */
  sources: string;
  /** The same in Korean (the English where a file has none). */
  sourcesKo: string;
  /**
   * How the marketplace writes several values in one cell, by column: Smartstore's 옵션정보 is
   * `색상: 빨강 / 사이즈: L`, split on ` / ` (our own sheets split on `|`).
   */
  split: Readonly<Record<string, string>>;
  /** The file as written (for `intake columns show NAME --json`, usable as a `--columns` file). */
  raw: Record<string, unknown>;
  /** A layout the person saved under a name (not one of Intake's presets). */
  saved?: boolean;
}

/** A name a layout may be saved under: letters, digits, `-`, `_`, `.` (Korean letters too), not a path. */
const LAYOUT_NAME = /^[\p{L}\p{N}][\p{L}\p{N}_.-]{0,63}$/u;

/** Whether `name` (trimmed) may name a saved layout: it becomes a file's name, so no path and no `.json`. */
export const isLayoutName = (name: string): boolean =>
  LAYOUT_NAME.test(name.trim()) && !name.trim().endsWith('.json');

/** A layout to save under a name: the kind of records, our columns by the file's headers, its whole header. */
export interface LayoutToSave {
  name: string;
  kind: ResourceName;
  columns: Record<string, string | readonly string[]>;
  header: readonly string[];
}

/** A preset from its JSON (a file of `presets/`, or a layout the person saved). */
export function presetFromJson(name: string, raw: Record<string, unknown>, saved = false): Preset {
  return {
    name,
    kind: raw.$kind as ResourceName,
    title: String(raw.$title ?? name),
    titleKo: String(raw.$title_ko ?? raw.$title ?? name),
    notes: String(raw.$notes ?? ''),
    notesKo: String(raw.$notes_ko ?? raw.$notes ?? ''),
    sources: String(raw.$sources ?? ''),
    sourcesKo: String(raw.$sources_ko ?? raw.$sources ?? ''),
    split: (raw.$split ?? {}) as Record<string, string>,
    raw,
    ...(saved ? { saved } : {}),
  };
}

let loaded: Preset[] | undefined;

/** Every preset, by name; read once. */
export function presets(): readonly Preset[] {
  loaded ??= readdirSync(PRESETS_FOLDER)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) =>
      presetFromJson(
        file.slice(0, -'.json'.length),
        JSON.parse(readFileSync(join(PRESETS_FOLDER, file), 'utf8')) as Record<string, unknown>,
      ),
    );
  return loaded;
}

/**
 * The preset (or saved layout) of that name, for records of `kind`: a wrong name or kind is a usage
 * error naming the right ones.
 */
export function presetNamed(name: string, kind: ResourceName, saved: readonly Preset[] = []): Preset {
  const all = [...saved, ...presets()];
  const preset = all.find((candidate) => candidate.name === name);
  const ofKind = all.filter((candidate) => candidate.kind === kind);
  if (!preset) {
    throw new InputError(`there is no preset "${name}"`, [
      `Presets for ${kind}s: ${ofKind.map((candidate) => candidate.name).join(', ')} (intake columns list)`,
    ]);
  }
  if (preset.kind !== kind) {
    throw new InputError(`the preset ${name} is for ${preset.kind}s, not ${kind}s`, [
      `Presets for ${kind}s: ${ofKind.map((candidate) => candidate.name).join(', ')}`,
    ]);
  }
  return preset;
}

/** A preset's mapping for a layout. */
export function presetMapping(preset: Preset, layout: TableLayout): ColumnMapping {
  return mappingFromJson(preset.raw, `the preset ${preset.name}`, layout);
}

import type { PasswordSource } from './workbook.js';

/** A workbook's tabs as a person sees them: names, which are hidden, and the one it opens on. */
export interface WorkbookTabs {
  sheets: { name: string; hidden: boolean; worksheet: boolean }[];
  activeTab: number | undefined;
}

/**
 * Lists a workbook's sheets without reading them, for a person to choose one. The workbook reader (its
 * zip and XML parsers, some megabytes) is loaded here, when a workbook is opened, not by every upload.
 */
export async function workbookTabs(
  path: string,
  label: string,
  password: PasswordSource,
): Promise<WorkbookTabs> {
  const [{ openWorkbook }, { readWorkbookParts }, { WorkbookZip }] = await Promise.all([
    import('./workbook.js'),
    import('./parts.js'),
    import('./zip.js'),
  ]);
  const zip = await WorkbookZip.open(await openWorkbook(path, label, password), label);
  try {
    const parts = await readWorkbookParts(zip, label);
    return {
      sheets: parts.sheets.map((sheet) => ({
        name: sheet.name,
        hidden: sheet.hidden,
        worksheet: sheet.part !== undefined,
      })),
      activeTab: parts.activeTab,
    };
  } finally {
    zip.close();
  }
}

import { openWorkbook, type PasswordSource } from './workbook.js';
import { readWorkbookParts } from './parts.js';
import { WorkbookZip } from './zip.js';

/** A workbook's tabs as a person sees them: names, which are hidden, and the one it opens on. */
export interface WorkbookTabs {
  sheets: { name: string; hidden: boolean; worksheet: boolean }[];
  activeTab: number | undefined;
}

/** Lists a workbook's sheets without reading them, for a person to choose one. */
export async function workbookTabs(
  path: string,
  label: string,
  password: PasswordSource,
): Promise<WorkbookTabs> {
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

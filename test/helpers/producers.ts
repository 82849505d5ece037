import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * Workbooks written by real producers other than exceljs: openpyxl and xlsxwriter (Debian's
 * python3-openpyxl and python3-xlsxwriter, run by Debian's own python3) and Gnumeric's ssconvert for
 * re-saved copies. `.ci/run` installs them; where they are absent the tests that need them are skipped
 * with a line saying so, unless INTAKE_TEST_PRODUCERS=required makes that a failure.
 */
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

function pythonHas(module: string): boolean {
  return spawnSync(PYTHON, ['-c', `import ${module}`], { stdio: 'ignore' }).status === 0;
}

function commandExists(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

export const PRODUCERS = {
  openpyxl: pythonHas('openpyxl'),
  xlsxwriter: pythonHas('xlsxwriter'),
  gnumeric: commandExists('ssconvert'),
};

const missing = Object.entries(PRODUCERS)
  .filter(([, present]) => !present)
  .map(([name]) => name);
if (missing.length > 0) {
  const line = `workbook producers not installed: ${missing.join(', ')} (Debian: python3-openpyxl python3-xlsxwriter gnumeric)`;
  if (process.env.INTAKE_TEST_PRODUCERS === 'required')
    throw new Error(`INTAKE_TEST_PRODUCERS=required, but ${line}`);
  process.stderr.write(`skipping tests that need them: ${line}\n`);
}

/** A cell for a producer: text, a number, a formula (`{ formula }`), or rich text runs (xlsxwriter). */
export type ProducedCell =
  string | number | null | { formula: string } | { rich: (string | { bold: string })[] };

export interface ProducedSheet {
  name: string;
  rows: ProducedCell[][];
  hidden?: boolean;
  /** Number formats by column letter, for the rows below the header. */
  formats?: Record<string, string>;
}

export interface ProducedBook {
  sheets: ProducedSheet[];
  /** The sheet the workbook opens on (its position, from 0). */
  active?: number;
}

const OPENPYXL = `
import json, sys, openpyxl
spec = json.load(sys.stdin)
wb = openpyxl.Workbook()
wb.remove(wb.active)
for sheet in spec['sheets']:
    ws = wb.create_sheet(sheet['name'])
    if sheet.get('hidden'): ws.sheet_state = 'hidden'
    for r, row in enumerate(sheet['rows'], start=1):
        for c, cell in enumerate(row, start=1):
            if cell is None: continue
            target = ws.cell(row=r, column=c)
            target.value = ('=' + cell['formula']) if isinstance(cell, dict) else cell
            fmt = sheet.get('formats', {}).get(openpyxl.utils.get_column_letter(c))
            if fmt and r > 1: target.number_format = fmt
if 'active' in spec: wb.active = spec['active']
wb.save(sys.argv[1])
`;

const XLSXWRITER = `
import json, sys, xlsxwriter
spec = json.load(sys.stdin)
wb = xlsxwriter.Workbook(sys.argv[1], {'strings_to_numbers': False, 'strings_to_formulas': False})
bold = wb.add_format({'bold': True})
sheets = []
for sheet in spec['sheets']:
    ws = wb.add_worksheet(sheet['name'])
    sheets.append(ws)
    if sheet.get('hidden'): ws.hide()
    formats = {k: wb.add_format({'num_format': v}) for k, v in sheet.get('formats', {}).items()}
    for r, row in enumerate(sheet['rows']):
        for c, cell in enumerate(row):
            if cell is None: continue
            fmt = formats.get(xlsxwriter.utility.xl_col_to_name(c)) if r > 0 else None
            if isinstance(cell, dict) and 'formula' in cell: ws.write_formula(r, c, '=' + cell['formula'])
            elif isinstance(cell, dict) and 'rich' in cell:
                parts = []
                for part in cell['rich']:
                    if isinstance(part, dict): parts += [bold, part['bold']]
                    else: parts.append(part)
                ws.write_rich_string(r, c, *parts)
            elif isinstance(cell, str): ws.write_string(r, c, cell, fmt)
            else: ws.write_number(r, c, cell, fmt)
if 'active' in spec: sheets[spec['active']].activate()
wb.close()
`;

function runPython(script: string, input: unknown, args: string[]): void {
  execFileSync(PYTHON, ['-c', script, ...args], {
    input: JSON.stringify(input),
    stdio: ['pipe', 'ignore', 'pipe'],
  });
}

/** A workbook written by openpyxl (formulas are saved without a result, as openpyxl does). */
export function openpyxlWorkbook(path: string, book: ProducedBook): string {
  runPython(OPENPYXL, book, [path]);
  return path;
}

/** A workbook written by xlsxwriter (shared strings, rich text runs). */
export function xlsxwriterWorkbook(path: string, book: ProducedBook): string {
  runPython(XLSXWRITER, book, [path]);
  return path;
}

/**
 * The workbook opened and saved again by Gnumeric. `selectTab` is the tab a person was on when saving
 * (Gnumeric's own file keeps it as its selected tab, which its .xlsx writer saves as the active tab).
 */
export function gnumericResave(from: string, to: string, options: { selectTab?: number } = {}): string {
  if (options.selectTab === undefined) {
    execFileSync('ssconvert', ['--export-type=Gnumeric_Excel:xlsx2', from, to], { stdio: 'ignore' });
    return to;
  }
  const own = `${to}.gnumeric`;
  execFileSync('ssconvert', ['--export-type=Gnumeric_XmlIO:sax', from, own], { stdio: 'ignore' });
  const text = gunzipSync(readFileSync(own)).toString('utf8');
  writeFileSync(own, gzipSync(text.replace(/SelectedTab="\d+"/, `SelectedTab="${options.selectTab}"`)));
  execFileSync('ssconvert', ['--export-type=Gnumeric_Excel:xlsx2', own, to], { stdio: 'ignore' });
  return to;
}

/** The CSV a spreadsheet program would save of the workbook's first sheet (Gnumeric). */
export function gnumericCsv(from: string, to: string): string {
  execFileSync('ssconvert', ['--export-type=Gnumeric_stf:stf_csv', from, to], { stdio: 'ignore' });
  return to;
}

const REZIP = `
import json, sys, zipfile
source, target, order = sys.argv[1], sys.argv[2], sys.argv[3]
with zipfile.ZipFile(source) as zin:
    names = zin.namelist()
    if order == 'reverse': names = list(reversed(names))
    elif order == 'sheets-first': names = sorted(names, key=lambda n: (0 if 'worksheets/' in n or 'sharedStrings' in n else 1, n))
    elif order == 'workbook-last': names = sorted(names, key=lambda n: (1 if n.endswith('workbook.xml') or n.endswith('.rels') else 0, n))
    with zipfile.ZipFile(target, 'w', zipfile.ZIP_DEFLATED) as zout:
        for name in names: zout.writestr(name, zin.read(name))
`;

/** The same workbook with its zip entries written in another order. */
export function rezip(from: string, to: string, order: 'reverse' | 'sheets-first' | 'workbook-last'): string {
  execFileSync(PYTHON, ['-c', REZIP, from, to, order], { stdio: ['ignore', 'ignore', 'pipe'] });
  return to;
}

const RAW = `
import json, sys, zipfile
spec = json.load(sys.stdin)
ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
parts = {
  '[Content_Types].xml': '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/></Types>',
  '_rels/.rels': '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="' + rel + '/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  'xl/workbook.xml': '<?xml version="1.0"?><workbook xmlns="' + ns + '" xmlns:r="' + rel + '"><sheets><sheet name="data" sheetId="1" r:id="rId1"/></sheets></workbook>',
  'xl/_rels/workbook.xml.rels': '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="' + rel + '/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="' + rel + '/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
  'xl/sharedStrings.xml': '<?xml version="1.0"?><sst xmlns="' + ns + '">' + spec.get('sharedStrings', '') + '</sst>',
}
with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    for name, text in parts.items(): z.writestr(name, text)
    with z.open('xl/worksheets/sheet1.xml', 'w') as sheet:
        sheet.write(('<?xml version="1.0"?><worksheet xmlns="' + ns + '"><sheetData>' + spec['sheetData']).encode())
        filler = spec.get('filler')
        if filler:
            chunk = (filler['text'] * 65536).encode()
            for _ in range(filler['repeat']): sheet.write(chunk)
            sheet.write(filler.get('after', '').encode())
        sheet.write(b'</sheetData></worksheet>')
`;

/**
 * A workbook written part by part, for what no spreadsheet program writes: `sheetData` is the sheet's
 * XML, `sharedStrings` the `<si>` entries, and `filler` a text repeated inside the sheet (for cells of
 * hundreds of megabytes that compress to almost nothing).
 */
export function rawWorkbook(
  path: string,
  spec: {
    sheetData: string;
    sharedStrings?: string;
    filler?: { text: string; repeat: number; after?: string };
  },
): string {
  runPython(RAW, spec, [path]);
  return path;
}

import type { Words } from './error-words.js';

// A file that is not a spreadsheet Intake reads (a PDF, a web page saved as .xls, an .xlsb, an old .xls)
// or is cut short, at a Korean terminal, in Korean (see error-words.ts, which says every line of an
// error through these and its own). The page says the same in its own texts (src/ui/texts/upload.ts).

/** What a file is instead (sniff.ts), in Korean. */
const WHAT: Readonly<Record<string, string>> = {
  'a PDF document': 'PDF 문서이고 표 파일이 아닙니다',
  'an image': '이미지이고 표 파일이 아닙니다',
  'a web page (HTML), as some "Excel" downloads are':
    '웹 페이지(HTML) 파일입니다. 일부 "엑셀" 다운로드가 이렇습니다',
  'an Excel binary workbook (.xlsb)': '엑셀 바이너리 통합 문서(.xlsb)입니다',
  'an OpenDocument spreadsheet (.ods)': '오픈오피스 문서(.ods)입니다',
  'an Apple Numbers spreadsheet': '애플 Numbers 파일입니다',
  'a Word document': '워드 문서이고 표 파일이 아닙니다',
  'a zip archive, not a workbook': '압축(zip) 파일이고 엑셀 통합 문서가 아닙니다',
};

/** What to do with it, in Korean. */
const TODO: Readonly<Record<string, string>> = {
  'download the orders as Excel (.xlsx) or CSV instead': '주문을 엑셀(.xlsx)이나 CSV로 내려받으세요',
  'open it in Excel (or your spreadsheet program) and save it as Excel Workbook (.xlsx), or as CSV':
    '엑셀(또는 쓰는 스프레드시트 프로그램)에서 열어 "Excel 통합 문서(.xlsx)"나 CSV로 저장하세요',
  'in Numbers, File > Export To > Excel': 'Numbers에서 파일 > 내보내기 > Excel을 고르세요',
  'unzip it and give the .xlsx or .csv inside': '압축을 풀고 안의 .xlsx나 .csv를 주세요',
};

const AGAIN = '다시 내려받거나 복사하세요';

export const FORMAT_WORDS: readonly Words[] = [
  [
    new RegExp(
      `^(.+) is (${Object.keys(WHAT)
        .map((what) => what.replace(/[().]/g, '\\$&'))
        .join('|')}): (.+)$`,
    ),
    (m) => `${m[1]}은(는) ${WHAT[m[2] ?? '']}. ${TODO[m[3] ?? ''] ?? m[3]}`,
  ],
  [
    /^(.+) is cut short or damaged \(the end of its zip, which lists its parts, is missing\)$/,
    (m) => `${m[1]} 파일이 잘렸거나 손상되었습니다 (파일 목록이 있는 zip의 끝이 없습니다)`,
  ],
  [
    /^(.+) is damaged \(its zip does not read\)$/,
    (m) => `${m[1]} 파일이 손상되었습니다 (zip을 읽을 수 없습니다)`,
  ],
  [
    /^(.+) is damaged: its (.+) cannot be unpacked$/,
    (m) => `${m[1]} 파일이 손상되었습니다: ${m[2]}을(를) 풀 수 없습니다`,
  ],
  [
    /^(.+) is damaged: it looks like a password-protected workbook, but its contents do not read$/,
    (m) => `${m[1]} 파일이 손상되었습니다: 암호가 걸린 엑셀 파일로 보이지만 내용을 읽을 수 없습니다`,
  ],
  [
    /^Download or copy the file again; if it opens in your spreadsheet program, save it again as \.xlsx or export CSV\.$/,
    () => `${AGAIN}. 스프레드시트 프로그램에서 열린다면 .xlsx로 다시 저장하거나 CSV로 내보내세요.`,
  ],
  [
    /^Download or copy the file again; if it opens in Excel, save it again \(with or without its password\)\.$/,
    () => `${AGAIN}. 엑셀에서 열린다면 (암호는 그대로 두거나 빼고) 다시 저장하세요.`,
  ],
  [
    /^(.+) is not an Excel workbook \(\.xlsx\): it is not a zip file$/,
    (m) => `${m[1]}은(는) 엑셀 통합 문서(.xlsx)가 아닙니다: zip 파일이 아닙니다`,
  ],
  [
    /^Give an \.xlsx workbook, or CSV with --format csv\.$/,
    () => '.xlsx 파일을 주거나, CSV라면 --format csv를 붙이세요.',
  ],
  [
    /^(.+) is an Excel 97-2003 workbook \(\.xls\), which intake does not read$/,
    (m) => `${m[1]}은(는) 예전 엑셀 97-2003 파일(.xls)이라 intake가 읽지 못합니다`,
  ],
  [
    /^In Excel: File > Save As > Excel Workbook \(\.xlsx\), or CSV UTF-8\.$/,
    () => '엑셀에서 파일 > 다른 이름으로 저장 > "Excel 통합 문서(.xlsx)"나 "CSV UTF-8"로 저장하세요.',
  ],
];

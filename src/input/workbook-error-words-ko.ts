import { withParticle } from '../util/korean-particle.js';
import { fixedWords, type Words } from '../util/said-in.js';

// What the workbook reader (bulk/read/xlsx) says of a workbook it will not read, in Korean: its sheets
// (none, not the one asked, a chart), Excel's own limits (a cell of over 32,767 characters, a row or
// column past Excel's last), and the limits that keep a damaged or hostile file from costing the
// machine's memory (a zip of thousands of parts, a part that inflates a thousand times). Said at a
// Korean terminal and on the Korean page, through INPUT_WORDS.

/** The parts of a workbook as the reader names them (zip.ts's `what`), in Korean. */
const PARTS: Readonly<Record<string, string>> = {
  'shared strings': '공유 문자열',
  relationships: '관계 정보',
  'workbook part': '통합 문서 부분',
  'styles part': '스타일 부분',
};

/** A part's name in Korean: `sheet "주문"` is `"주문" 시트`. */
const partKo = (what: string): string => {
  const sheet = /^sheet "(.*)"$/.exec(what);
  return sheet ? `"${sheet[1]}" 시트` : (PARTS[what] ?? what);
};

/** Where in a workbook (sheet-xml.ts's `where`): `sheet "주문" of 주문.xlsx` is `주문.xlsx의 "주문" 시트`. */
const whereKo = (where: string): string => {
  const sheet = /^sheet "(.*)" of (.+)$/.exec(where);
  return sheet ? `${sheet[2]}의 "${sheet[1]}" 시트` : where;
};

/** What to do, the same whatever the values. */
const HINTS: Readonly<Record<string, string>> = {
  'Open the workbook in your spreadsheet program and shorten that text, or export CSV.':
    '스프레드시트 프로그램에서 파일을 열어 그 글을 줄이거나 CSV로 내보내세요.',
  'Split the workbook, or export the sheet as CSV.': '파일을 나누거나 시트를 CSV로 내보내세요.',
  'If the workbook is genuine, open it in your spreadsheet program and save it again, or export CSV.':
    '믿을 수 있는 파일이라면 스프레드시트 프로그램에서 열어 다시 저장하거나 CSV로 내보내세요.',
  'Delete the empty rows and columns past your data, save, and try again.':
    '데이터 뒤의 빈 행과 열을 지우고 저장한 뒤 다시 해 보세요.',
  'Open it in your spreadsheet program and save it as an Excel Workbook (.xlsx), or export CSV.':
    '스프레드시트 프로그램에서 열어 "Excel 통합 문서(.xlsx)"로 저장하거나 CSV로 내보내세요.',
};

export const WORKBOOK_WORDS: readonly Words[] = [
  ...fixedWords(HINTS),
  [
    /^(.+) has no workbook part; is it an \.xlsx workbook\?$/,
    (m) => `${m[1]}에 통합 문서 부분이 없습니다. .xlsx 엑셀 파일이 맞나요?`,
  ],
  [
    /^(.+) is an Excel binary workbook \(\.xlsb\), which intake does not read$/,
    (m) => `${m[1]}은(는) 엑셀 바이너리 통합 문서(.xlsb)라 intake가 읽지 못합니다`,
  ],
  [/^(.+) has no worksheet$/, (m) => `${m[1]}에 워크시트가 없습니다`],
  [/^(.+) has no sheet "(.*)"$/, (m) => `${m[1]}에 "${m[2]}" 시트가 없습니다`],
  [
    /^sheet "(.*)" of (.+) is a chart, not a worksheet$/,
    (m) => `${m[2]}의 "${m[1]}" 시트는 워크시트가 아니라 차트입니다`,
  ],
  [
    /^Visible sheets: (.*?)(?:; hidden: (.*))?$/,
    (m) => `보이는 시트: ${m[1] === 'none' ? '없음' : m[1]}${m[2] ? `. 숨긴 시트: ${m[2]}` : ''}`,
  ],
  [
    /^(.+): cell ([A-Z]+[\d]+) holds over ([\d,]+) characters, more than a cell can$/,
    (m) =>
      `${whereKo(m[1] ?? '')}: ${m[2]} 셀의 글이 ${m[3]}자를 넘습니다. 셀 하나에 들어갈 수 있는 것보다 깁니다`,
  ],
  [
    /^(.+): row ([\d,]+) is past Excel's last row \(([\d,]+)\)$/,
    (m) => `${whereKo(m[1] ?? '')}: ${m[2]}행은 엑셀의 마지막 행(${m[3]}) 뒤에 있습니다`,
  ],
  [
    /^(.+): a cell of row ([\d,]+) \((.*)\) is past Excel's last column \(XFD\)$/,
    (m) => `${whereKo(m[1] ?? '')}: ${m[2]}행의 셀(${m[3]})이 엑셀의 마지막 열(XFD) 뒤에 있습니다`,
  ],
  [
    /^(.+) holds over (.+) of text in one place; a cell holds at most ([\d,]+) characters$/,
    (m) =>
      `${whereKo(m[1] ?? '')}의 한 곳에 ${m[2]}가 넘는 글이 있습니다. 셀 하나에는 ${m[3]}자까지 들어갑니다`,
  ],
  [
    /^(.+): a row after sheet line ([\d,]+) holds over (.+) of text$/,
    (m) => `${m[1]}: 시트의 ${m[2]}번째 줄 다음 행에 ${m[3]}가 넘는 글이 있습니다`,
  ],
  [
    /^(.+) has a text of over ([\d,]+) characters \(shared text ([\d,]+)\), more than a cell can hold$/,
    (m) =>
      `${m[1]}에 ${m[2]}자가 넘는 글이 있습니다 (공유 문자열 ${m[3]}번). 셀 하나에 들어갈 수 있는 것보다 깁니다`,
  ],
  [
    /^(.+) has over ([\d,]+) distinct texts; at most that many are read$/,
    (m) => `${m[1]}에 서로 다른 글이 ${m[2]}개가 넘습니다. 그만큼까지만 읽습니다`,
  ],
  [
    /^(.+) has ([\d,]+) parts; a workbook has a few dozen \(at most ([\d,]+) are read\)$/,
    (m) =>
      `${m[1]}은(는) ${m[2]}개 부분으로 되어 있습니다. 엑셀 파일은 보통 수십 개로 되어 있습니다 (${m[3]}개까지 읽습니다)`,
  ],
  [
    /^(.+) has no (.+) \((.+)\); is it a complete \.xlsx file\?$/,
    (m) =>
      `${m[1]}에 ${withParticle(partKo(m[2] ?? ''), '이')} 없습니다 (${m[3]}). 온전한 .xlsx 파일이 맞나요?`,
  ],
  [
    /^the (.+) of (.+) is (.+) uncompressed; at most (.+) is read$/,
    (m) =>
      `${m[2]}의 ${withParticle(partKo(m[1] ?? ''), '은')} 압축을 풀면 ${m[3]}입니다. ${m[4]}까지만 읽습니다`,
  ],
  [
    /^the (.+) of (.+) inflates (\d+) times \((.+) to (.+)\); a workbook's XML inflates at most (\d+) times, so it is not read$/,
    (m) =>
      `${m[2]}의 ${withParticle(partKo(m[1] ?? ''), '은')} 압축을 풀면 ${m[3]}배로 커집니다 (${m[4]}에서 ${m[5]}). ` +
      `엑셀 파일의 XML은 ${m[6]}배까지 커지므로 읽지 않습니다`,
  ],
  [
    /^the (.+) of (.+) is encrypted inside the zip, which Excel never does$/,
    (m) =>
      `${m[2]}의 ${withParticle(partKo(m[1] ?? ''), '이')} zip 안에서 암호화되어 있습니다. 엑셀은 이렇게 저장하지 않습니다`,
  ],
];

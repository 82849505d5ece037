import type { Words } from './error-words.js';

// A sheet whose header Intake cannot read, at a Korean terminal, in Korean (see error-words.ts, which
// says every line of an error through these and its own).

/** A workbook's sheet as the English names it (`sheet "주문" of 주문.xlsx`), in Korean; a file as it is. */
export const placeKo = (place: string): string => {
  const sheet = /^sheet "(.*)" of (.+)$/.exec(place);
  return sheet ? `${sheet[2]}의 "${sheet[1]}" 시트` : place;
};

/** What a file holds, as the hint of another kind's header names it. */
const HOLDS: Readonly<Record<string, string>> = { orders: '주문', products: '상품', shipments: '송장' };

/** `--columns` as a hint shows it, with the person's own header where the English says YOUR HEADER. */
const columnsKo = (flag: string) => flag.replaceAll('YOUR HEADER', '파일의 머리글');

/** The header not found, the one that came closest, and how to read it. */
export const HEADER_WORDS: readonly Words[] = [
  [/^(.+) has no header row$/, (m) => `${placeKo(m[1] ?? '')}에서 머리글 행을 찾지 못했습니다`],
  [
    /^(.+) lacks required column\(s\)(?: \(as the preset (\S+) reads it\))?: (.+)$/,
    (m) =>
      `${placeKo(m[1] ?? '')}에 꼭 있어야 할 열이 없습니다${m[2] ? ` (${m[2]} 양식으로 읽음)` : ''}: ${(m[3] ?? '').replaceAll(' or ', ' 또는 ')}`,
  ],
  [
    /^Its headers are those of (orders|products|shipments): use (intake \w+ create) instead\.$/,
    (m) => `이 머리글은 ${HOLDS[m[1] ?? '']} 파일의 것입니다: ${m[2]}(으)로 올리세요.`,
  ],
  [/^Headers found \(row (\d+)\): (.*)$/, (m) => `찾은 머리글 (${m[1]}행): ${m[2]}`],
  [/^\(the header is looked for in the first (\d+) rows\)$/, (m) => `(머리글은 처음 ${m[1]}행에서 찾습니다)`],
  [
    /^A marketplace export\? Try --preset NAME: (.*) \(intake columns list\)$/,
    (m) => `마켓 다운로드라면 --preset 이름을 붙이세요: ${m[1]} (intake columns list)`,
  ],
  [
    /^Or map your own headers with (--columns .*)$/,
    (m) => `직접 만든 머리글이면 열을 맞추세요: ${columnsKo(m[1] ?? '')}`,
  ],
  [
    /^No column names an order's line: its id can be the order's and the product's joined, with a --columns JSON file \(intake ui proposes it\): (.*)$/,
    (m) =>
      `주문 품목 번호 열이 없습니다. 주문번호와 상품 번호를 이어 만들 수 있으니 이 내용을 --columns JSON 파일로 주세요 (intake ui도 이렇게 제안합니다): ${m[1]}`,
  ],
  [/^Intake reads these headers as: (.*)$/, (m) => `Intake가 읽은 이 머리글의 뜻: ${m[1]}`],
  [
    /^If that is right, run again with it, and keep it for the next file: (.*)$/,
    (m) => `맞다면 이것을 붙여 다시 실행하고, 다음 파일을 위해 저장하세요: ${m[1]}`,
  ],
  [
    /^Did you mean (\S+) for the header "(.*)"\? Correct it, or map it: (--columns .*)$/,
    (m) => `머리글 "${m[2]}"은(는) ${m[1]}인가요? 머리글을 고치거나 열을 맞추세요: ${m[3]}`,
  ],
  [
    /^Did you mean (\S+) for the header "(.*)"\? Correct it in the file\.$/,
    (m) => `머리글 "${m[2]}"은(는) ${m[1]}인가요? 파일의 머리글을 고치세요.`,
  ],
  [/^Name the file's columns (.+) in a header row\.$/, (m) => `파일 첫 줄에 머리글 ${m[1]}을(를) 적으세요.`],
  [
    /^--columns maps (\S+) to "(.*)", but (.+) has no such header$/,
    (m) =>
      `--columns가 ${m[1]}을(를) "${m[2]}" 열로 맞췄지만 ${placeKo(m[3] ?? '')}에 그런 머리글이 없습니다`,
  ],
  [
    /^the header of (.+) \(row (\d+)\) fits several presets: (.+)$/,
    (m) => `${placeKo(m[1] ?? '')}의 머리글(${m[2]}행)이 여러 양식에 맞습니다: ${m[3]}`,
  ],
  [
    /^(.+) has nothing in row (\d+); the header is looked for in the first (\d+) rows$/,
    (m) => `${placeKo(m[1] ?? '')}의 ${m[2]}행이 비어 있습니다. 머리글은 처음 ${m[3]}행에서 찾습니다`,
  ],
];

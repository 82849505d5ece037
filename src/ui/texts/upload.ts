import type { Texts } from '../../web/i18n.js';

/** The texts of the upload form, of how a file is read, and of the column mapping. */
export const UPLOAD = {
  uploadTitle: { en: 'Upload a file', ko: '파일 올리기' },
  uploadIntro: {
    en: 'Orders, shipments or products from your marketplace download (Excel .xlsx, CSV) or JSON. Nothing is sent until you have seen the check.',
    ko: '마켓 다운로드 파일(엑셀 .xlsx, CSV) 또는 JSON의 주문, 송장, 상품. 검사 결과를 확인하기 전에는 아무것도 보내지 않습니다.',
  },
  keptIntro: {
    en: 'The file you upload is removed once everything in it is sent. Each upload’s results, rows to fix and report stay in History for {days} days.',
    ko: '올린 파일은 모두 보내고 나면 지웁니다. 업로드마다 결과, 고칠 행, 보고서는 업로드 기록에 {days}일 동안 남습니다.',
  },
  dropHint: { en: 'Drop the file here, or choose it', ko: '파일을 여기에 끌어 놓거나 선택하세요' },
  noFileChosen: { en: 'No file chosen', ko: '선택한 파일 없음' },
  chooseFile: { en: 'Choose file', ko: '파일 선택' },
  kindLabel: { en: 'What it holds', ko: '파일 내용' },
  kindAuto: { en: 'Let Intake tell', ko: '자동으로 알아보기' },
  passwordLabel: { en: 'Workbook password (if it has one)', ko: '엑셀 암호 (있는 경우)' },
  catalogLabel: { en: 'Product list (optional, for orders)', ko: '상품 목록 파일 (선택, 주문용)' },
  catalogHint: {
    en: 'A CSV or .xlsx with an id column, and a name or image_url column (or both): the names and images a download lacks. Products entered once are remembered.',
    ko: 'id 열과 name이나 image_url 열(또는 둘 다)이 있는 CSV 또는 .xlsx: 다운로드 파일에 없는 상품명과 이미지. 한 번 넣은 상품은 기억합니다.',
  },
  checkButton: { en: 'Check the file', ko: '파일 검사' },
  noFile: { en: 'Choose a file first.', ko: '먼저 파일을 선택하세요.' },
  tooLarge: {
    en: '{name} is {size}; at most {max} is taken. Split it into smaller files (by date, or by marketplace).',
    ko: '{name} 파일 크기가 {size}입니다. 최대 {max}까지 받을 수 있습니다. 날짜나 마켓별로 나누어 올리세요.',
  },
  diskFull: {
    en: 'The disk of this computer is full: Intake could not write what it needs. Free some space, then try again.',
    ko: '이 컴퓨터의 디스크가 가득 차서 Intake가 필요한 파일을 쓰지 못했습니다. 공간을 비운 뒤 다시 시도하세요.',
  },
  unsavedFull: {
    en: 'Intake could not keep this upload’s record: the disk of this computer is full. What this page shows is lost if intake ui stops; free some space.',
    ko: '이 업로드 기록을 저장하지 못했습니다: 이 컴퓨터의 디스크가 가득 찼습니다. intake ui를 끄면 이 화면의 내용이 사라집니다. 공간을 비우세요.',
  },
  unsaved: {
    en: 'Intake could not keep this upload’s record ({reason}). What this page shows is lost if intake ui stops.',
    ko: '이 업로드 기록을 저장하지 못했습니다 ({reason}). intake ui를 끄면 이 화면의 내용이 사라집니다.',
  },
  notKeptFull: {
    en: 'Intake could not keep the file: the disk of this computer is full. Free some space, then upload it again.',
    ko: '파일을 저장하지 못했습니다: 이 컴퓨터의 디스크가 가득 찼습니다. 공간을 비운 뒤 다시 올리세요.',
  },
  notKept: {
    en: 'Intake could not keep the file in its folder ({reason}). Upload it again; if it happens again, the terminal running intake ui says more.',
    ko: '파일을 Intake 폴더에 저장하지 못했습니다 ({reason}). 다시 올려 보세요. 다시 안 되면 intake ui를 실행한 터미널에 자세한 내용이 나옵니다.',
  },
  templatesTitle: { en: 'Templates', ko: '양식 내려받기' },
  templatesIntro: {
    en: 'Empty files with the headers Intake reads, to fill in (CSV, opens in Excel):',
    ko: 'Intake가 읽는 머리글만 있는 빈 파일입니다. 채워서 올리세요 (CSV, 엑셀에서 열림):',
  },
  templateOwn: { en: '{kind}, Intake’s columns', ko: '{kind} (Intake 기본 열)' },
  recentTitle: { en: 'Recent uploads', ko: '최근 업로드' },
  kindFilledIn: {
    en: 'These are the columns of an order download, and some rows have a tracking number. To send the tracking numbers, read it as shipments; to send the orders, as orders.',
    ko: '주문 다운로드의 열이고, 송장번호가 채워진 행이 있습니다. 송장번호를 보내려면 송장으로, 주문을 보내려면 주문으로 읽으세요.',
  },
  kindUnknown: {
    en: 'Intake cannot tell what this file holds. Choose orders, shipments or products.',
    ko: '파일 내용을 알아볼 수 없습니다. 주문, 송장, 상품 중에서 선택하세요.',
  },
  passwordNeeded: {
    en: 'This workbook is protected by a password. Enter it and read it again.',
    ko: '암호로 보호된 엑셀 파일입니다. 암호를 입력하고 다시 읽으세요.',
  },
  passwordWrong: {
    en: 'The password does not open this workbook. Check it (upper and lower case count) and try again.',
    ko: '암호가 맞지 않습니다. 대소문자를 확인하고 다시 입력하세요.',
  },
  emptyFile: {
    en: '{file} is empty: there is nothing in it to read. Download it again from the marketplace.',
    ko: '{file} 파일이 비어 있습니다. 마켓에서 다시 내려받으세요.',
  },
  headersOnly: {
    en: 'The file has its header row and no rows under it: there is nothing to send.',
    ko: '파일에 머리글 행만 있고 데이터 행이 없습니다. 보낼 것이 없습니다.',
  },
  other_pdf: {
    en: '{file} is a PDF document, not a spreadsheet. Download the orders as Excel (.xlsx) or CSV.',
    ko: '{file}은(는) PDF 문서이고 표 파일이 아닙니다. 주문을 엑셀(.xlsx)이나 CSV로 내려받으세요.',
  },
  other_image: {
    en: '{file} is an image, not a spreadsheet. Download the orders as Excel (.xlsx) or CSV.',
    ko: '{file}은(는) 이미지이고 표 파일이 아닙니다. 주문을 엑셀(.xlsx)이나 CSV로 내려받으세요.',
  },
  other_html: {
    en: '{file} is a web page saved as a file, as some "Excel" downloads are. Open it in Excel and save it as Excel Workbook (.xlsx).',
    ko: '{file}은(는) 웹 페이지(HTML) 파일입니다. 일부 "엑셀" 다운로드가 이렇습니다. 엑셀에서 열어 "Excel 통합 문서(.xlsx)"로 저장하세요.',
  },
  other_xlsb: {
    en: '{file} is an Excel binary workbook (.xlsb). Open it in Excel and save it as Excel Workbook (.xlsx).',
    ko: '{file}은(는) 엑셀 바이너리 통합 문서(.xlsb)입니다. 엑셀에서 열어 "Excel 통합 문서(.xlsx)"로 저장하세요.',
  },
  other_xls: {
    en: '{file} is an old Excel 97-2003 workbook (.xls). Open it in Excel and save it as Excel Workbook (.xlsx).',
    ko: '{file}은(는) 예전 엑셀 97-2003 파일(.xls)입니다. 엑셀에서 열어 "Excel 통합 문서(.xlsx)"로 저장하세요.',
  },
  other_ods: {
    en: '{file} is an OpenDocument spreadsheet (.ods). Save it as Excel Workbook (.xlsx) or CSV.',
    ko: '{file}은(는) 오픈오피스 문서(.ods)입니다. "Excel 통합 문서(.xlsx)"나 CSV로 저장하세요.',
  },
  other_numbers: {
    en: '{file} is an Apple Numbers spreadsheet. In Numbers: File > Export To > Excel.',
    ko: '{file}은(는) 애플 Numbers 파일입니다. Numbers에서 파일 > 내보내기 > Excel을 고르세요.',
  },
  other_docx: {
    en: '{file} is a Word document, not a spreadsheet.',
    ko: '{file}은(는) 워드 문서이고 표 파일이 아닙니다.',
  },
  other_zip: {
    en: '{file} is a zip archive. Unzip it and upload the .xlsx or .csv inside.',
    ko: '{file}은(는) 압축(zip) 파일입니다. 압축을 풀고 안의 .xlsx나 .csv를 올리세요.',
  },
  damagedFile: {
    en: '{file} is cut short or damaged. Download or copy it again; if it opens in your spreadsheet program, save it again as Excel Workbook (.xlsx).',
    ko: '{file} 파일이 잘렸거나 손상되었습니다. 다시 내려받거나 복사하세요. 스프레드시트 프로그램에서 열린다면 "Excel 통합 문서(.xlsx)"로 다시 저장하세요.',
  },
  notXlsx: {
    en: '{file} is named as an Excel workbook but is not one. Give the .xlsx file the marketplace gave, or a CSV.',
    ko: '{file}은(는) 이름만 엑셀 파일이고 엑셀 통합 문서가 아닙니다. 마켓에서 받은 .xlsx 파일이나 CSV를 주세요.',
  },
  noHeader: {
    en: '{file} has no header row Intake can find. Match its columns below.',
    ko: '{file}에서 머리글 행을 찾지 못했습니다. 아래에서 열을 맞춰 주세요.',
  },
  columnsMissing: {
    en: 'Intake does not know these headers. Match each of its columns to one of the file’s below; the guesses are already chosen.',
    ko: '처음 보는 머리글입니다. 아래에서 각 항목에 맞는 파일의 열을 고르세요. 추측한 열이 미리 선택되어 있습니다.',
  },

  readingTitle: { en: 'How the file is read', ko: '파일을 읽은 방법' },
  pulledTitle: { en: 'Where the orders come from', ko: '가져온 주문' },
  pulledFrom: { en: 'Pulled', ko: '가져온 곳' },
  fileName: { en: 'File', ko: '파일' },
  format: { en: 'Format', ko: '형식' },
  encoding: { en: 'Encoding', ko: '인코딩' },
  sheetLabel: { en: 'Sheet', ko: '시트' },
  sheetReason_active: { en: 'the sheet the workbook opens on', ko: '파일을 열면 보이는 시트' },
  sheetReason_only: { en: 'its only sheet', ko: '하나뿐인 시트' },
  'sheetReason_first-visible': { en: 'its first visible sheet', ko: '처음 보이는 시트' },
  sheetReason_flag: { en: 'as chosen', ko: '선택한 시트' },
  hiddenSheet: { en: '{name} (hidden)', ko: '{name} (숨김)' },
  headerRowLabel: { en: 'Header row', ko: '머리글 행' },
  presetLabel: { en: 'Layout', ko: '양식' },
  presetOwn: { en: "Intake's own columns", ko: 'Intake 기본 열' },
  presetMapped: { en: 'Columns matched on this page', ko: '이 화면에서 맞춘 열' },
  presetSaved: { en: '{name} (saved)', ko: '{name} (저장한 양식)' },
  presetFound: { en: 'found: {name}', ko: '자동 인식: {name}' },
  readAgain: { en: 'Read again', ko: '다시 읽기' },
  mapLink: { en: 'Match the columns yourself', ko: '열 직접 맞추기' },
  notRead: { en: '{count} columns are not sent', ko: '보내지 않는 열 {count}개' },
  notRead_one: { en: '1 column is not sent', ko: '보내지 않는 열 1개' },
  quantityNotSent: {
    en: 'The quantity column ({columns}) is not sent: the service takes one line per item, with no quantity.',
    ko: '수량 열({columns})은 보내지 않습니다. 서비스는 수량 없이 품목을 한 줄씩 받습니다.',
  },
  catalogFile: { en: 'Product list file (id, name, image_url)', ko: '상품 목록 파일 (id, name, image_url)' },
  addCatalogButton: { en: 'Add the list and check again', ko: '상품 목록 추가 후 다시 검사' },

  mappingTitle: { en: 'Match the columns', ko: '열 맞추기' },
  mappingColumn: { en: 'Intake needs', ko: 'Intake 항목' },
  mappingHeader: { en: 'Column of your file', ko: '파일의 열' },
  mappingSample: { en: 'First values', ko: '첫 값' },
  mappingNone: { en: '(none)', ko: '(없음)' },
  mappingRequired: { en: 'required', ko: '필수' },
  mappingUnused: { en: 'Columns of the file not used: {columns}', ko: '쓰지 않는 파일의 열: {columns}' },
  mappingSave: {
    en: 'Name to remember this layout by (optional)',
    ko: '다음에도 쓰려면 이 양식의 이름 (선택)',
  },
  mappingSaveExample: { en: 'e.g. my-shop-orders', ko: '예: 우리가게-주문' },
  mappingNameBad: {
    en: '"{name}" cannot name a layout: use letters, digits, -, _ and . (at most 64), starting with a letter or digit.',
    ko: '"{name}"은(는) 양식 이름으로 쓸 수 없습니다. 글자, 숫자, -, _, .만 쓰고 (64자까지) 글자나 숫자로 시작하세요.',
  },
  mappingSaveHint: {
    en: 'Left empty, these columns are for this file only. Named, a later file with the same headers is read the same way, also from the command line.',
    ko: '비워 두면 이 파일에만 씁니다. 이름을 주면 같은 머리글의 다음 파일도 이렇게 읽습니다 (명령줄에서도).',
  },
  mappingButton: { en: 'Read with these columns', ko: '이대로 읽기' },
  mappingSaved: { en: 'Saved the layout {name}.', ko: '양식 {name}을(를) 저장했습니다.' },
  mappingMissing: {
    en: 'Choose a column for each required item: {columns}.',
    ko: '필수 항목마다 열을 고르세요: {columns}.',
  },
  mappingJoined: { en: 'followed by (optional)', ko: '뒤에 이을 열 (선택)' },
  mappingJoinedHint: {
    en: 'No line id in the file? Choose the order id’s column, then the product id’s: each line gets both joined (A-1-P-1), the same every time; the same product again in an order (another size) gets A-1-P-1-2.',
    ko: '파일에 품목 번호가 없으면 주문번호 열과 상품 번호 열을 차례로 고르세요. 둘을 이은 값(A-1-P-1)이 언제나 같은 품목 번호가 됩니다. 한 주문에 같은 상품이 또 있으면(다른 옵션) A-1-P-1-2가 됩니다.',
  },
  mappingTwice: {
    en: 'The column "{header}" is chosen for two items.',
    ko: '"{header}" 열을 두 항목에 골랐습니다.',
  },
  col_order_id: { en: 'Order id', ko: '주문번호' },
  col_member_id: { en: 'Member id', ko: '회원 ID' },
  col_recipient_name: { en: 'Recipient name', ko: '수령인 이름' },
  col_recipient_cellphone: { en: 'Recipient phone', ko: '수령인 휴대폰' },
  col_recipient_other_phone: { en: 'Recipient’s other phone', ko: '수령인 다른 연락처' },
  col_item_id: { en: 'Order line (item) id', ko: '주문 품목 번호' },
  col_product_id: { en: 'Product id', ko: '상품 번호' },
  col_product_name: { en: 'Product name', ko: '상품명' },
  col_product_image_url: { en: 'Product image URL', ko: '상품 이미지 주소' },
  col_product_option: { en: 'Options', ko: '옵션' },
  col_id: { en: 'Product id', ko: '상품 번호' },
  col_name: { en: 'Product name', ko: '상품명' },
  col_image_url: { en: 'Image URL', ko: '이미지 주소' },
  col_order_item_id: { en: 'Order line (item) id', ko: '주문 품목 번호' },
  col_order_item_ids: { en: 'Order line ids (several)', ko: '주문 품목 번호들' },
  col_company_code: { en: 'Carrier', ko: '택배사' },
  col_tracking_number: { en: 'Tracking number', ko: '송장번호' },
  col_delivery_method: { en: 'Delivery method', ko: '배송방법' },
} as const satisfies Texts;

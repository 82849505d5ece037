// Long because it is a table: one line for each description the help shows.
// The help (`--help`) at a Korean terminal: each description of a command, argument and option by its
// English words (the words in the commands' own files), in Korean. A description with no words here is
// shown in English; a test keeps every one of them here.

/** Each description, in Korean. */
export const HELP_KO: ReadonlyMap<string, string> = new Map([
  [
    'Send orders, products and shipments to the intake service, and run it locally',
    '주문, 상품, 송장번호를 intake 서비스에 보내고, 서비스를 이 컴퓨터에서 실행합니다',
  ],
  ['print the version', '버전을 출력합니다'],
  ['use this profile of the config store', '설정에 저장된 이 프로필을 씁니다'],
  [
    'service address (default: the profile, INTAKE_BASE_URL, or http://127.0.0.1:8080)',
    '서비스 주소 (기본값: 프로필, INTAKE_BASE_URL, 또는 http://127.0.0.1:8080)',
  ],
  ["use the profile's sandbox_base_url", '프로필의 sandbox_base_url을 씁니다'],
  ['output format', '출력 형식'],
  ['same as --output json', '--output json과 같습니다'],
  [
    'print each HTTP request on stderr (Authorization redacted)',
    'HTTP 요청마다 stderr에 출력합니다 (Authorization은 가림)',
  ],
  ['print only data and errors', '데이터와 오류만 출력합니다'],
  ['do not colour output', '색을 쓰지 않습니다'],
  [
    'each HTTP attempt’s connect and answer timeout (a request is tried up to 4 times), e.g. 30s',
    'HTTP 시도마다 연결과 응답의 시간 제한 (요청 하나를 4번까지 시도), 예: 30s',
  ],
  [
    'JMESPath expression applied to the JSON output, as in the AWS CLI',
    'JSON 출력에 적용할 JMESPath 식 (AWS CLI처럼)',
  ],
  ['Orders: buyer, items and products', '주문: 구매자, 품목, 상품'],
  [
    'Create orders: one JSON object, or many from a JSON array, NDJSON, CSV or .xlsx (one row per item)',
    '주문 등록: JSON 객체 하나, 또는 JSON 배열, NDJSON, CSV, .xlsx의 여러 건 (품목마다 한 행)',
  ],
  ['file to read, or - for standard input', '읽을 파일, 표준 입력이면 -'],
  [
    'csv, xlsx, json or ndjson (default: by extension, else by content)',
    'csv, xlsx, json 또는 ndjson (기본값: 확장자로, 없으면 내용으로)',
  ],
  [
    'text encoding of the file: utf-8, cp949 or euc-kr (default: detected)',
    '파일의 문자 인코딩: utf-8, cp949 또는 euc-kr (기본값: 자동 감지)',
  ],
  [
    'CSV delimiter: ",", ";" or "tab" (default: tab for .tsv, else ",")',
    'CSV 구분자: ",", ";" 또는 "tab" (기본값: .tsv는 tab, 그 밖에는 ",")',
  ],
  [
    'map your headers: "order_id=주문번호,recipient_name=수령인" or a JSON file',
    '머리글 맞추기: "order_id=주문번호,recipient_name=수령인" 또는 JSON 파일',
  ],
  [
    'read a marketplace export’s headers (intake columns list)',
    '마켓 다운로드의 머리글로 읽습니다 (intake columns list)',
  ],
  [
    'the sheet of an .xlsx workbook to read, by name or among the visible tabs (default: the one it opens on)',
    '읽을 .xlsx 시트, 이름 또는 보이는 탭의 순서로 (기본값: 파일을 열 때 보이는 시트)',
  ],
  [
    'the row the header is on (default: found among the first 30 rows)',
    '머리글이 있는 행 (기본값: 처음 30행에서 찾음)',
  ],
  [
    'read the password of a protected workbook from standard input',
    '암호가 걸린 엑셀 파일의 암호를 표준 입력에서 읽습니다',
  ],
  ['check every record and report; send nothing', '모든 레코드를 검사해 알려 주고, 아무것도 보내지 않습니다'],
  [
    'send nothing if any record is invalid',
    '올바르지 않은 레코드가 하나라도 있으면 아무것도 보내지 않습니다',
  ],
  [
    "requests in flight at once (default: found by itself, from 8 up to the service's limit)",
    '동시에 보내는 요청 수 (기본값: 8부터 서비스 한도까지 스스로 찾음)',
  ],
  ['at most n requests per second', '초당 요청 수 상한'],
  [
    'write one line per record to this file (.csv, .json or .xlsx; - for stdout)',
    '레코드마다 한 줄씩 이 파일에 씁니다 (.csv, .json, .xlsx; stdout이면 -)',
  ],
  [
    'for records the service took earlier with other content, send the change it allows (PATCH)',
    '서비스가 전에 다른 내용으로 받은 레코드는 허용되는 변경을 보냅니다 (PATCH)',
  ],
  [
    'send everything again, even what the ledger says an earlier run sent',
    '업로드 기록에 이미 보냈다고 되어 있는 것까지 모두 다시 보냅니다',
  ],
  [
    'a catalog (CSV, .xlsx or JSON of id, name, image_url) for lines without a product name or image',
    '상품명이나 이미지가 없는 품목에 쓸 상품 목록 (id, name, image_url의 CSV, .xlsx, JSON)',
  ],
  [
    'Change the recipient of an order (applied or still queued); both fields are required',
    '주문의 수취인을 바꿉니다 (적용된 주문도, 대기 중인 주문도). 두 항목 모두 필요합니다',
  ],
  ['order id', '주문번호'],
  ['recipient’s full name', '수취인 이름'],
  ['recipient’s phone number', '수취인 전화번호'],
  ['Shipments: tracking numbers for order items', '송장: 주문 품목의 송장번호'],
  [
    'Create shipments: from flags, one JSON object, or many from a JSON array, NDJSON, CSV or .xlsx',
    '송장 등록: 옵션, JSON 객체 하나, 또는 JSON 배열, NDJSON, CSV, .xlsx의 여러 건',
  ],
  ['order item ids, separated by commas', '주문 품목 번호, 쉼표로 구분'],
  [
    'carrier: a code, its name or a short name (see: intake carriers)',
    '택배사: 코드, 이름 또는 줄인 이름 (목록: intake carriers)',
  ],
  ['waybill number ("self" for self delivery)', '송장번호 (직접 배송이면 "self")'],
  [
    "the service's carriers, as JSON {code, name} (default: the profile's, else built in)",
    '서비스의 택배사 목록, {code, name}의 JSON (기본값: 프로필의 목록, 없으면 내장 목록)',
  ],
  ['Products: name and image shown in the bot’s messages', '상품: 봇의 메시지에 보이는 이름과 이미지'],
  [
    'Create products: from flags, one JSON object, or many from a JSON array, NDJSON, CSV or .xlsx',
    '상품 등록: 옵션, JSON 객체 하나, 또는 JSON 배열, NDJSON, CSV, .xlsx의 여러 건',
  ],
  ['product id', '상품 번호'],
  ['product name shown to buyers', '구매자에게 보이는 상품명'],
  ['absolute http(s) URL of the product image', '상품 이미지의 전체 http(s) 주소'],
  [
    'Change the name and/or image of a product (applies at once)',
    '상품의 이름이나 이미지를 바꿉니다 (바로 적용)',
  ],
  ['new name', '새 이름'],
  ['new image URL', '새 이미지 주소'],
  ['Rewards earned by buyers’ reviews', '구매자의 리뷰로 쌓인 적립금'],
  [
    "List rewards created between two UTC days, both included (default: the service's today)",
    '두 UTC 날짜 사이(양 끝 포함)에 생긴 적립금 목록 (기본값: 서비스의 오늘)',
  ],
  ['first day (alias --from)', '첫날 (--from과 같음)'],
  ['last day (alias --to)', '마지막 날 (--to와 같음)'],
  ['same as --start-date', '--start-date와 같습니다'],
  ['same as --end-date', '--end-date와 같습니다'],
  ['Credentials', '인증 정보'],
  [
    'Check the credentials in use with the service; exit 0 when valid, 3 when not',
    '쓰고 있는 인증 정보를 서비스에 확인합니다. 맞으면 종료 코드 0, 아니면 3',
  ],
  [
    'Check that the service is up (needs no credentials)',
    '서비스가 동작하는지 확인합니다 (인증 정보 필요 없음)',
  ],
  ['The queue of shipment creations', '송장 등록 대기열'],
  [
    'Count shipment creations the service has accepted but not yet applied',
    '서비스가 받았지만 아직 적용하지 않은 송장 등록 수',
  ],
  ['poll until the count is 0', '0이 될 때까지 다시 확인합니다'],
  ['time between polls with --wait', '--wait에서 확인 간격'],
  ['with --wait, give up after this long (exit 1)', '--wait에서 이만큼 기다린 뒤 그만둡니다 (종료 코드 1)'],
  [
    'What uploads sent, by service and credentials, so re-runs never send anything twice',
    '업로드가 보낸 것, 서비스와 인증 정보별 기록 (다시 실행해도 두 번 보내지 않음)',
  ],
  [
    'What uploads sent, counted by service, credentials, kind and state',
    '업로드가 보낸 것을 서비스, 인증 정보, 종류, 상태별로 셉니다',
  ],
  [
    'Records sent to the current service with the current credentials, newest first',
    '지금 서비스에 지금 인증 정보로 보낸 레코드, 최근 것부터',
  ],
  ['only this kind', '이 종류만'],
  ['only this state', '이 상태만'],
  ['at most this many', '최대 이만큼'],
  [
    'Uploads sent to the current service with the current credentials: when, what, how they ended',
    '지금 서비스에 지금 인증 정보로 보낸 업로드: 언제, 무엇을, 어떻게 끝났는지',
  ],
  [
    'Forget what uploads sent to the current service with the current credentials',
    '지금 서비스에 지금 인증 정보로 보낸 업로드 기록을 지웁니다',
  ],
  ['do not ask for confirmation', '확인을 묻지 않습니다'],
  [
    'set the whole ledger file aside without reading it (when it is damaged)',
    '업로드 기록 파일을 읽지 않고 통째로 옮겨 둡니다 (파일이 손상되었을 때)',
  ],
  [
    'Repair a damaged ledger: keep every record that can still be read, set the damaged file aside',
    '손상된 업로드 기록을 고칩니다: 읽을 수 있는 레코드는 모두 남기고 손상된 파일은 옮겨 둡니다',
  ],
  [
    'Check credentials with the service and save them in a profile (the secret in the OS keychain)',
    '인증 정보를 서비스에 확인하고 프로필에 저장합니다 (비밀 키는 OS 키체인에)',
  ],
  [
    'access key id (without a terminal, with --secret-stdin)',
    '액세스 키 ID (터미널이 아니면 --secret-stdin과 함께)',
  ],
  [
    'read the secret access key from stdin (never pass a secret as an argument)',
    '비밀 액세스 키를 stdin에서 읽습니다 (비밀 키는 인자로 주지 마세요)',
  ],
  [
    'keep the secret in the config file (mode 0600) even when a keychain answers',
    '키체인이 있어도 비밀 키를 설정 파일(권한 0600)에 둡니다',
  ],
  [
    'Credentials of every profile, and where their secrets are kept',
    '모든 프로필의 인증 정보와 비밀 키를 보관한 곳',
  ],
  [
    'Every profile: where its credentials come from and whether the service takes them',
    '프로필마다 인증 정보를 어디서 가져오는지, 서비스가 받는지',
  ],
  [
    'Move secrets kept in the config file into the OS keychain',
    '설정 파일에 있는 비밀 키를 OS 키체인으로 옮깁니다',
  ],
  [
    'Remove the credentials of a profile, from the keychain too (its other settings stay)',
    '프로필의 인증 정보를 지웁니다, 키체인에서도 (다른 설정은 남음)',
  ],
  [
    'Profiles and settings (stored with mode 0600 in the config directory)',
    '프로필과 설정 (설정 폴더에 권한 0600으로 저장)',
  ],
  [
    'Show each effective setting and where it comes from (flag, env, profile, keychain, default)',
    '적용되는 설정과 각각 어디서 왔는지 보여 줍니다 (옵션, 환경 변수, 프로필, 키체인, 기본값)',
  ],
  [
    'Print the effective value of one setting (the secret is never printed)',
    '설정 하나의 적용되는 값을 출력합니다 (비밀 키는 출력하지 않음)',
  ],
  [
    'profile, base_url, sandbox_base_url, access_key_id, secret_access_key, output, timeout or carriers',
    'profile, base_url, sandbox_base_url, access_key_id, secret_access_key, output, timeout 또는 carriers',
  ],
  ['Set a setting of the current profile (or --profile)', '지금 프로필(또는 --profile)의 설정을 정합니다'],
  [
    'base_url, sandbox_base_url, access_key_id, output, timeout, carriers, naver_base_url, coupang_base_url, cafe24_base_url, cafe24_redirect_uri',
    'base_url, sandbox_base_url, access_key_id, output, timeout, carriers, naver_base_url, coupang_base_url, cafe24_base_url, cafe24_redirect_uri',
  ],
  [
    'Remove a setting from the current profile (or --profile); its default applies again',
    '지금 프로필(또는 --profile)에서 설정을 지웁니다. 기본값이 다시 적용됩니다',
  ],
  [
    'Make a profile the one used when neither --profile nor INTAKE_PROFILE says otherwise',
    '--profile도 INTAKE_PROFILE도 없을 때 쓸 프로필을 정합니다',
  ],
  [
    'List the carrier codes a shipment may use (company_code), and say whose list it is',
    '송장에 쓸 수 있는 택배사 코드(company_code)와 어느 목록인지 보여 줍니다',
  ],
  [
    'a JSON list of {code, name} to print instead (default: the profile’s, else built in)',
    '대신 보여 줄 {code, name}의 JSON 목록 (기본값: 프로필의 목록, 없으면 내장 목록)',
  ],
  [
    'The columns a sheet needs, the marketplace presets that read exports as they are, and your own layouts',
    '시트에 필요한 열, 마켓 다운로드를 그대로 읽는 양식, 직접 저장한 열',
  ],
  [
    'List the layouts (order, product, shipment), the marketplace presets and the layouts you saved',
    '기본 열(order, product, shipment), 마켓 양식, 저장한 열의 목록',
  ],
  [
    'Show a layout’s columns, or how a preset maps an export’s headers to them',
    '기본 열의 항목, 또는 양식이 다운로드의 머리글을 어떻게 맞추는지 보여 줍니다',
  ],
  [
    'order, product, shipment, or a preset (intake columns list)',
    'order, product, shipment 또는 양식 (intake columns list)',
  ],
  [
    'Save a mapping of your headers under a name, for --columns NAME and for recognising them',
    '내 머리글을 맞춘 것을 이름을 붙여 저장합니다 (--columns 이름으로 쓰고, 같은 머리글을 알아봄)',
  ],
  ['the name to save it under', '저장할 이름'],
  ['what the files hold: order, product or shipment', '파일에 든 것: order, product 또는 shipment'],
  [
    '"order_id=주문번호,recipient_name=수령인" or a JSON file',
    '"order_id=주문번호,recipient_name=수령인" 또는 JSON 파일',
  ],
  ['Remove a layout you saved', '저장한 열을 지웁니다'],
  ['a saved layout (intake columns list)', '저장한 열 (intake columns list)'],
  [
    "The profile's product catalog: names and image URLs that fill what an order download lacks",
    '프로필의 상품 목록: 주문 다운로드에 없는 상품명과 이미지 주소를 채웁니다',
  ],
  ['List the products in the catalog', '상품 목록의 상품을 보여 줍니다'],
  ['only the products without an image URL', '이미지 주소가 없는 상품만'],
  ['only ids or names holding this text', '번호나 이름에 이 글자가 있는 상품만'],
  [
    "Set a product's name and/or image URL in the catalog",
    '상품 목록에서 상품의 이름이나 이미지 주소를 정합니다',
  ],
  ['product id, as the order downloads write it', '주문 다운로드에 적힌 그대로의 상품 번호'],
  ['product name', '상품명'],
  ['image URL (http or https)', '이미지 주소 (http 또는 https)'],
  [
    'Add the products of a file (id, with name, image_url or both) to the catalog',
    '파일(id와 name, image_url 중 하나 이상)의 상품을 상품 목록에 더합니다',
  ],
  ['a CSV, .xlsx, JSON or NDJSON of products', '상품의 CSV, .xlsx, JSON 또는 NDJSON'],
  ['Write the catalog as CSV (id, name, image_url)', '상품 목록을 CSV(id, name, image_url)로 씁니다'],
  ['where to write it (- for standard output)', '쓸 곳 (표준 출력이면 -)'],
  [
    "Fill the catalog from a marketplace's product API (names and images), ahead of a pull",
    '가져오기 전에 마켓의 상품 API에서 상품 목록(이름과 이미지)을 채웁니다',
  ],
  ['naver, coupang, cafe24', 'naver, coupang, cafe24'],
  [
    'product ids as the marketplace knows them (Coupang: seller product ids)',
    '마켓이 쓰는 상품 번호 (쿠팡: 등록상품ID)',
  ],
  ['Remove products from the catalog', '상품 목록에서 상품을 지웁니다'],
  ['product ids', '상품 번호'],
  [
    'Credentials of Naver Smartstore, Coupang and Cafe24, for intake pull and intake push',
    '네이버 스마트스토어, 쿠팡, 카페24의 인증 정보 (intake pull과 intake push용)',
  ],
  [
    "Keep a marketplace's credentials for this profile (checked first)",
    '마켓의 인증 정보를 이 프로필에 보관합니다 (먼저 확인)',
  ],
  ['Naver or Cafe24: the application (app) id', '네이버나 카페24: 애플리케이션(앱) ID'],
  ['Coupang: the vendor id (A0…)', '쿠팡: 업체코드 (A0…)'],
  ['Coupang: the access key', '쿠팡: 액세스 키'],
  [
    'Coupang: when the keys were issued (they last 180 days; default today)',
    '쿠팡: 키를 발급한 날 (키는 180일 동안 씀; 기본값: 오늘)',
  ],
  ['Cafe24: the mall id', '카페24: 쇼핑몰 ID'],
  ["Cafe24: the app's registered redirect address", '카페24: 앱에 등록한 리디렉션 주소'],
  [
    'Cafe24: the code the consent page sent to the redirect address',
    '카페24: 동의 페이지가 리디렉션 주소로 보낸 code 값',
  ],
  [
    'Cafe24: wait for the consent at a loopback redirect address',
    '카페24: 이 컴퓨터의 리디렉션 주소에서 동의를 기다립니다',
  ],
  [
    'read the secret (Naver and Cafe24 client secret, Coupang secret key) from standard input',
    '비밀 키(네이버와 카페24의 클라이언트 시크릿, 쿠팡의 시크릿 키)를 표준 입력에서 읽습니다',
  ],
  ['keep the credentials without asking the marketplace', '마켓에 묻지 않고 인증 정보를 보관합니다'],
  [
    'Each marketplace: credentials, address, expiry, and whether it answers',
    '마켓마다 인증 정보, 주소, 만료일, 응답하는지',
  ],
  ['say what is kept, without asking the marketplaces', '마켓에 묻지 않고 보관한 것만 알려 줍니다'],
  [
    "Forget a marketplace's credentials kept for this profile",
    '이 프로필에 보관한 마켓 인증 정보를 지웁니다',
  ],
  [
    'Pull new and changed orders from a marketplace and send them to the service',
    '마켓에서 새 주문과 바뀐 주문을 가져와 서비스에 보냅니다',
  ],
  [
    'from this duration ago (2d, 36h) or date (2026-11-20), instead of where the last pull ended',
    '지난 가져오기가 끝난 곳 대신, 이만큼 전(2d, 36h)이나 이 날짜(2026-11-20)부터',
  ],
  [
    'check what would be sent; send nothing, move no cursor',
    '보낼 것을 검사만 합니다. 아무것도 보내지 않고 위치도 옮기지 않습니다',
  ],
  [
    'Give a marketplace the tracking numbers of the orders pulled from it',
    '마켓에서 가져온 주문의 송장번호를 마켓에 보냅니다',
  ],
  [
    'a dispatch sheet or file of shipments: sent to the service first, as intake shipment create does',
    '발송처리 시트나 송장 파일: intake shipment create처럼 먼저 서비스에 보냅니다',
  ],
  ['say what would be pushed; send nothing', '보낼 것만 알려 주고 아무것도 보내지 않습니다'],
  [
    "Send any request to the service with the profile's credentials, and print the answer",
    '프로필의 인증 정보로 서비스에 아무 요청이나 보내고 응답을 출력합니다',
  ],
  ['GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS', 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS'],
  ['path from the service root, with a query if any', '서비스 루트부터의 경로, 쿼리가 있으면 함께'],
  [
    'the request body, from a file or - for standard input (sent as it is)',
    '요청 본문, 파일에서 (표준 입력이면 -) 그대로 보냄',
  ],
  ['add a header, "Name: value" (repeatable)', '헤더를 더합니다, "Name: value" (여러 번 가능)'],
  ['print the status and headers of the answer on stderr', '응답의 상태와 헤더를 stderr에 출력합니다'],
  [
    'a text field (repeatable): the JSON body, or the query of a GET; key[sub]= and key[]= nest',
    '텍스트 필드 (여러 번 가능): JSON 본문, GET이면 쿼리; key[sub]=와 key[]=는 중첩',
  ],
  [
    "a typed field (repeatable): true, false, null and numbers as JSON, @file for a file's text",
    '타입이 있는 필드 (여러 번 가능): true, false, null과 숫자는 JSON으로, @file은 파일의 내용',
  ],
  [
    'do not follow redirects: print the 3xx answer and exit 1',
    '리디렉션을 따라가지 않습니다: 3xx 응답을 출력하고 종료 코드 1',
  ],
  [
    'follow rel="next" links and give every page\'s results as one list',
    'rel="next" 링크를 따라가 모든 페이지의 결과를 목록 하나로 줍니다',
  ],
  [
    'Print the shell completion script of bash, zsh, fish or PowerShell',
    'bash, zsh, fish, PowerShell의 자동 완성 스크립트를 출력합니다',
  ],
  ['bash, zsh, fish or powershell', 'bash, zsh, fish 또는 powershell'],
  [
    'Help for a command (intake help order create) or a topic: environment, exit-codes, formats',
    '명령(intake help order create)이나 주제(environment, exit-codes, formats)의 도움말',
  ],
  ['a command and its subcommands, or a topic', '명령과 그 하위 명령, 또는 주제'],
  [
    'Upload in the browser: a local page on 127.0.0.1 with the checks, fixes, progress and history',
    '브라우저에서 업로드: 127.0.0.1의 페이지에서 검사, 고치기, 진행 상황, 기록',
  ],
  [
    'port to listen on (default: the one it had last time, else the first free from 8765; 0: any)',
    '받을 포트 (기본값: 지난번 포트, 없으면 8765부터 빈 포트; 0: 아무 포트)',
  ],
  ['print the address without opening a browser', '브라우저를 열지 않고 주소만 출력합니다'],
  ['days to keep each upload’s results and rows to fix', '업로드마다 결과와 고칠 행을 보관할 날 수'],
  [
    'sign every browser out first (each needs the new address then)',
    '먼저 모든 브라우저를 로그아웃시킵니다 (각각 새 주소가 필요해짐)',
  ],
  [
    'Run the whole service locally: on an embedded SQLite database, or on PostgreSQL',
    '서비스 전체를 이 컴퓨터에서 실행합니다: 내장 SQLite 데이터베이스나 PostgreSQL에서',
  ],
  ['address to listen on', '받을 주소'],
  ['port to listen on (0 picks a free one)', '받을 포트 (0이면 빈 포트)'],
  [
    'folder of the SQLite database (default: the user data directory for intake)',
    'SQLite 데이터베이스 폴더 (기본값: intake의 사용자 데이터 폴더)',
  ],
  [
    'run on PostgreSQL: postgres://user@host:5432/database (or set INTAKE_SERVE_DATABASE_URL)',
    'PostgreSQL에서 실행: postgres://user@host:5432/database (또는 INTAKE_SERVE_DATABASE_URL)',
  ],
  [
    'processes behind the port (PostgreSQL only when more than 1)',
    '포트 뒤의 프로세스 수 (2 이상은 PostgreSQL만)',
  ],
  [
    'PostgreSQL through a transaction pooler (pgbouncer): a direct connection, for notices between processes and migrations (or set INTAKE_SERVE_DATABASE_DIRECT_URL)',
    '트랜잭션 풀러(pgbouncer)를 거치는 PostgreSQL: 프로세스 사이 알림과 마이그레이션용 직접 연결 (또는 INTAKE_SERVE_DATABASE_DIRECT_URL)',
  ],
  ['PostgreSQL connections per process', '프로세스마다 PostgreSQL 연결 수'],
  ['PostgreSQL: longest a statement may run', 'PostgreSQL: 문장 하나가 실행될 수 있는 최대 시간'],
  [
    'delay before queued creates apply: 0, 2s, 1m, or a range 1m-5m',
    '대기 중인 등록이 적용되기까지의 지연: 0, 2s, 1m, 또는 범위 1m-5m',
  ],
  ['id of the first merchant', '첫 가맹점의 ID'],
  ["fix the first merchant's access key id", '첫 가맹점의 액세스 키 ID를 정합니다'],
  [
    "read the first merchant's secret from a file (or set INTAKE_SERVE_SECRET_ACCESS_KEY)",
    '첫 가맹점의 비밀 키를 파일에서 읽습니다 (또는 INTAKE_SERVE_SECRET_ACCESS_KEY)',
  ],
  [
    "fix the first merchant's secret (visible in the process list)",
    '첫 가맹점의 비밀 키를 정합니다 (프로세스 목록에 보임)',
  ],
  [
    'JSON list of {code, name} replacing the built-in carriers',
    '내장 택배사 목록을 대신할 {code, name}의 JSON 목록',
  ],
  [
    'days from an order to the thanks message of a self delivery',
    '직접 배송 주문에서 감사 메시지까지의 날 수',
  ],
  [
    'JSON list of {merchant_id, access_key_id, secret_access_key, thanks_delay_days}',
    '{merchant_id, access_key_id, secret_access_key, thanks_delay_days}의 JSON 목록',
  ],
  [
    'days from a carrier shipment to its simulated delivery and review request',
    '택배 발송에서 모의 배송 완료와 리뷰 요청까지의 날 수',
  ],
  ['points a review earns, by kind', '리뷰가 쌓는 적립금, 종류별'],
  [
    'inject faults into requests to /api/, as "503:10%,429:5%,latency:50-200ms,POST /api/v1/orders/=drop-after-commit:1%" (also stall, drop-before-commit, 500)',
    '/api/ 요청에 장애를 넣습니다, "503:10%,429:5%,latency:50-200ms,POST /api/v1/orders/=drop-after-commit:1%" 처럼 (stall, drop-before-commit, 500도)',
  ],
  [
    'requests kept per merchant in the request journal (0 keeps none)',
    '가맹점마다 요청 기록에 남길 요청 수 (0이면 남기지 않음)',
  ],
  [
    'draw the --faults from this seed: the same requests get the same faults',
    '--faults를 이 시드로 뽑습니다: 같은 요청에는 같은 장애',
  ],
  [
    'JSON of merchants and the products, orders and shipments each starts with',
    '가맹점마다 처음 가질 상품, 주문, 송장의 JSON',
  ],
  [
    "let POST /local/reset (intake local reset) remove a merchant's data and load its seed again",
    'POST /local/reset(intake local reset)으로 가맹점 데이터를 지우고 시드를 다시 읽게 합니다',
  ],
  [
    "Copy the local service's whole state to another database (stop intake serve first)",
    '로컬 서비스의 상태 전체를 다른 데이터베이스로 복사합니다 (먼저 intake serve를 멈추세요)',
  ],
  [
    'where to copy to: a new data folder or an empty PostgreSQL database',
    '복사할 곳: 새 데이터 폴더나 빈 PostgreSQL 데이터베이스',
  ],
  [
    'where the state is (default: INTAKE_SERVE_DATABASE_URL, else the user data folder)',
    '상태가 있는 곳 (기본값: INTAKE_SERVE_DATABASE_URL, 없으면 사용자 데이터 폴더)',
  ],
  [
    "the service's data folder, as intake serve --data names it (the same as --from)",
    '서비스의 데이터 폴더, intake serve --data처럼 (--from과 같음)',
  ],
  [
    "Copy a whole state from another database into the local service's (which must be empty)",
    '다른 데이터베이스의 상태 전체를 로컬 서비스(비어 있어야 함)로 복사합니다',
  ],
  [
    'where to copy from: a data folder or a PostgreSQL database',
    '복사해 올 곳: 데이터 폴더나 PostgreSQL 데이터베이스',
  ],
  [
    'where the service keeps its state (default: INTAKE_SERVE_DATABASE_URL, else the user data folder)',
    '서비스가 상태를 두는 곳 (기본값: INTAKE_SERVE_DATABASE_URL, 없으면 사용자 데이터 폴더)',
  ],
  [
    "the service's data folder, as intake serve --data names it (the same as --to)",
    '서비스의 데이터 폴더, intake serve --data처럼 (--to와 같음)',
  ],
  [
    "Make or bring a service's database up to date, then end (as the database's owner)",
    '서비스의 데이터베이스를 만들거나 최신으로 올리고 끝납니다 (데이터베이스 소유자로)',
  ],
  [
    'the data folder or postgres:// database (default: as intake serve would)',
    '데이터 폴더나 postgres:// 데이터베이스 (기본값: intake serve처럼)',
  ],
  [
    'Inspect and drive the local service (intake serve): stored data, the bot, reviews, the clock, events, faults',
    '로컬 서비스(intake serve)를 살피고 움직입니다: 저장된 데이터, 봇, 리뷰, 시계, 이벤트, 장애',
  ],
  [
    'Orders stored by the local service, queued or applied, with items and shipments',
    '로컬 서비스에 저장된 주문, 대기 중이거나 적용된 것, 품목과 송장 포함',
  ],
  ['only this order', '이 주문만'],
  [
    'only those after this position: where the page before ended, as said when it was cut',
    '이 위치 다음 것만: 앞 페이지가 끝난 곳 (잘렸을 때 알려 줌)',
  ],
  [
    'answer as soon as one matches, waiting at most this long (exit 1 if none does)',
    '하나라도 맞으면 바로 답하고, 최대 이만큼 기다립니다 (없으면 종료 코드 1)',
  ],
  [
    'Products stored by the local service, with their current name and image',
    '로컬 서비스에 저장된 상품, 지금의 이름과 이미지',
  ],
  [
    "The bot's messages to buyers, sent and scheduled, as the buyer would read them",
    '봇이 구매자에게 보낸 메시지와 보낼 메시지, 구매자가 읽는 그대로',
  ],
  ['only messages about this order', '이 주문의 메시지만'],
  ['only scheduled or sent ones', '예약된 것이나 보낸 것만'],
  [
    'Accepted creates: queued, applied, or failed with the reason',
    '받은 등록: 대기 중, 적용됨, 또는 실패와 그 이유',
  ],
  ['only jobs in this state', '이 상태의 작업만'],
  ['only jobs of this order or product', '이 주문이나 상품의 작업만'],
  [
    "Simulate a buyer's review of an order item; a member's review earns a reward",
    '주문 품목에 대한 구매자의 리뷰를 흉내 냅니다. 회원의 리뷰는 적립금을 쌓습니다',
  ],
  ['what the review holds', '리뷰에 담긴 것'],
  ['Reviews so far and the rewards they earned', '지금까지의 리뷰와 쌓인 적립금'],
  [
    'Move the simulated clock forward; due creates are applied and due messages sent',
    '모의 시계를 앞으로 돌립니다. 때가 된 등록을 적용하고 메시지를 보냅니다',
  ],
  ['how far: 36h, 7d, 1h30m', '얼마나: 36h, 7d, 1h30m'],
  [
    "Apply this merchant's queued creates now, whatever their delay",
    '이 가맹점의 대기 중인 등록을 지연과 상관없이 지금 적용합니다',
  ],
  ['Merchants of the local service', '로컬 서비스의 가맹점'],
  [
    'Add a merchant with its own credentials and data (the secret is shown once when generated)',
    '자신의 인증 정보와 데이터를 가진 가맹점을 더합니다 (만든 비밀 키는 한 번만 보여 줌)',
  ],
  ['its access key id (default: generated)', '액세스 키 ID (기본값: 만듦)'],
  ['read its secret from stdin (default: generated)', '비밀 키를 stdin에서 읽습니다 (기본값: 만듦)'],
  [
    'What happens to your data: creates accepted, refused, applied, failed; messages sent; rewards; faults',
    '데이터에 일어난 일: 받은 등록, 거부, 적용, 실패; 보낸 메시지; 적립금; 장애',
  ],
  [
    'keep printing events as they happen, until Ctrl-C (exit 130)',
    '일어나는 대로 이벤트를 계속 출력합니다, Ctrl-C까지 (종료 코드 130)',
  ],
  [
    'the events after this one, oldest first (without it: the latest)',
    '이 이벤트 다음 것들, 오래된 것부터 (없으면: 최근 것)',
  ],
  ['at most this many (without --follow)', '최대 이만큼 (--follow 없이)'],
  [
    'post each event to this webhook as it happens (signed, in order, tried again while it fails), until Ctrl-C (exit 130)',
    '일어나는 대로 이벤트를 이 웹훅에 보냅니다 (서명, 순서대로, 실패하면 다시 시도), Ctrl-C까지 (종료 코드 130)',
  ],
  [
    'with --forward-to: from after this event (default now)',
    '--forward-to에서: 이 이벤트 다음부터 (기본값: 지금)',
  ],
  [
    'with --forward-to: sign with this secret (or set INTAKE_WEBHOOK_SECRET)',
    '--forward-to에서: 이 비밀 값으로 서명합니다 (또는 INTAKE_WEBHOOK_SECRET)',
  ],
  [
    'The request journal: your requests to the service, as received and answered (headers without the secret, bodies, status, faults)',
    '요청 기록: 서비스에 보낸 요청, 받은 그대로와 그 응답 (비밀 값을 뺀 헤더, 본문, 상태, 장애)',
  ],
  ['only this method (POST, PATCH, GET)', '이 메서드만 (POST, PATCH, GET)'],
  ['only this path, exactly as sent (/api/v1/orders/)', '보낸 그대로의 이 경로만 (/api/v1/orders/)'],
  [
    'only answers with this status (0: none sent, a fault dropped or held it)',
    '이 상태의 응답만 (0: 응답 없음, 장애가 끊거나 붙잡음)',
  ],
  [
    "only requests about this record (an order's or a product's id)",
    '이 레코드(주문이나 상품의 번호)에 대한 요청만',
  ],
  [
    'keep printing requests as they come, until Ctrl-C (exit 130)',
    '들어오는 대로 요청을 계속 출력합니다, Ctrl-C까지 (종료 코드 130)',
  ],
  ['print how many match', '맞는 수를 출력합니다'],
  [
    'with or without --count: exit 1 unless exactly this many match',
    '--count와 함께든 아니든: 맞는 수가 정확히 이만큼이 아니면 종료 코드 1',
  ],
  ['at most this many (default 50)', '최대 이만큼 (기본값 50)'],
  ['only requests before this one (its seq): the page before', '이 요청(seq) 이전 것만: 앞 페이지'],
  [
    "Faults injected into a share of requests to the service's /api/ (503, 429, latency, drops, stalls)",
    '서비스의 /api/ 요청 일부에 넣는 장애 (503, 429, 지연, 끊김, 멈춤)',
  ],
  ['Put the faults of SPEC in force (replacing any)', 'SPEC의 장애를 적용합니다 (있던 것은 바꿈)'],
  [
    'as "503:10%,429:5%,latency:50-200ms,POST /api/v1/orders/=drop-after-commit:1%"',
    '"503:10%,429:5%,latency:50-200ms,POST /api/v1/orders/=drop-after-commit:1%" 처럼',
  ],
  [
    'draw from this seed: the same requests get the same faults, run after run',
    '이 시드로 뽑습니다: 실행할 때마다 같은 요청에는 같은 장애',
  ],
  ['Stop injecting faults', '장애 넣기를 멈춥니다'],
  ['The faults in force, and how many each injected', '적용 중인 장애와 각각 넣은 횟수'],
  [
    "The offline fakes of Naver Smartstore, Coupang and Cafe24 in intake serve (this merchant's): seed orders, set keys, an IP allowlist and faults, cancel a line, see what was written",
    'intake serve에 있는 네이버 스마트스토어, 쿠팡, 카페24의 가짜 API (이 가맹점의 것): 주문 넣기, 키 정하기, IP 허용 목록과 장애, 주문 취소, 쓴 것 보기',
  ],
  [
    'What the fake holds: its lines, with the tracking numbers written to them',
    '가짜가 가진 것: 주문 상품과 거기에 쓴 송장번호',
  ],
  [
    'Add paid orders and products to the fake (a JSON file, or sample orders)',
    '가짜에 결제된 주문과 상품을 더합니다 (JSON 파일이나 예시 주문)',
  ],
  [
    'orders and products as JSON (see the OpenAPI document, FakeSeed); - for stdin',
    '주문과 상품의 JSON (OpenAPI 문서의 FakeSeed 참고); stdin이면 -',
  ],
  [
    "N sample orders of one line each, with five products (and a Cafe24 mall's carriers)",
    '품목 하나씩인 예시 주문 N건과 상품 다섯 개 (카페24 쇼핑몰이면 택배사도)',
  ],
  [
    "what the sample ids start with (default: one of each marketplace's own, naver 2026112500, coupang 32000009, cafe24 20261125-0)",
    '예시 번호의 앞부분 (기본값: 마켓마다의 것, naver 2026112500, coupang 32000009, cafe24 20261125-0)',
  ],
  [
    "Set the fake's keys, IP allowlist, apparent caller and faults",
    '가짜의 키, IP 허용 목록, 보이는 호출 IP, 장애를 정합니다',
  ],
  [
    'settings as JSON (FakeSettings); the flags apply over it',
    '설정의 JSON (FakeSettings); 옵션이 그 위에 적용됩니다',
  ],
  [
    'the sample keys (the command then says how to log in with them)',
    '예시 키 (그 다음 로그인하는 방법을 알려 줌)',
  ],
  ['caller IPs allowed, comma-separated; "any" for all', '허용할 호출 IP, 쉼표로 구분; 모두면 "any"'],
  ['the IP the fake takes every caller for', '가짜가 모든 호출을 이 IP에서 온 것으로 봅니다'],
  ['the next N requests answer 429', '다음 N개의 요청에 429로 답합니다'],
  [
    'the next N writes apply, then answer a gateway time-out',
    '다음 N개의 쓰기를 적용한 뒤 게이트웨이 시간 초과로 답합니다',
  ],
  ['Coupang: block the vendor (302) for M minutes', '쿠팡: 업체를 M분 동안 막습니다 (302)'],
  ['every list page is answered twice', '목록의 모든 페이지를 두 번 답합니다'],
  [
    'Change a line as the buyer or the marketplace would between pull and push: cancel it, claim it',
    '가져오기와 보내기 사이에 구매자나 마켓이 하듯 주문 상품을 바꿉니다: 취소, 클레임',
  ],
  ["the line's id (Coupang: BOX:VENDOR_ITEM)", '주문 상품 번호 (쿠팡: BOX:VENDOR_ITEM)'],
  ['the buyer asks to cancel (a cancel request)', '구매자가 취소를 요청합니다'],
  ["a claim in the marketplace's words (RETURN_REQUEST, C00)", '마켓의 말로 된 클레임 (RETURN_REQUEST, C00)'],
  ['remove any claim', '클레임을 없앱니다'],
  ["the marketplace's own status (PAYED, ACCEPT, N10)", '마켓의 상태 값 (PAYED, ACCEPT, N10)'],
  ['a new recipient phone', '새 수취인 전화번호'],
  ['Empty the fake, settings included', '가짜를 비웁니다, 설정까지'],
  [
    'Cafe24: a consent code for the fake mall, as its consent page would give (for intake marketplace login cafe24 --code)',
    '카페24: 가짜 쇼핑몰의 동의 code 값, 동의 페이지가 주는 것처럼 (intake marketplace login cafe24 --code용)',
  ],
  [
    "Remove this merchant's data and load its seed again (the service must run with --allow-reset)",
    '이 가맹점의 데이터를 지우고 시드를 다시 읽습니다 (서비스가 --allow-reset으로 실행 중이어야 함)',
  ],
  ['(used by the completion scripts)', '(자동 완성 스크립트가 씀)'],
  // Commander's own.
  ['display help for command', '도움말을 보여 줍니다'],
]);

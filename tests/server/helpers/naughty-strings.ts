// Hostile text in the spirit of the Big List of Naughty Strings (written for this project, not copied):
// every entry is text a user could type or paste, and that some layer might mangle, run or choke on.
// Strings the API must refuse (NUL, lone surrogates) are listed apart, in UNSTORABLE_STRINGS.

const reservedWords = ['undefined', 'null', 'NULL', 'nil', 'None', 'NaN', 'Infinity', '-Infinity', 'true', 'false', 'TRUE', '0', '-0', '0.0', '1e309', '-1', '0x0', '0xffffffff', '1/0', '$1.00', '1,000.00', '01000', '2147483648', '-2147483649', '9223372036854775808', '0 OR 1=1', '[]', '{}', '""', "''", '\\', '\\\\', '\\0', '\\u0000', '%00', '%s%s%s%s', '%n', '%d', '{0}', '${7*7}', '#{7*7}', '{{7*7}}', '<%= 7*7 %>', '__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf'];

const whitespace = [' ', '   ', '\t', '\n', '\r\n', '\r', ' leading', 'trailing ', '\u00a0non-breaking\u00a0', '\u2028line separator\u2029', '\u0085next line', '\u000bvertical tab\u000c', '\u3000ideographic space', '\u200bzero\u200bwidth\u200b', '\u200c\u200d', 'byte order mark\ufeffinside', '\u2060word joiner', '\u180emongolian vowel separator', '\u00ad soft hyphen'];

const controlCharacters = ['\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008', '\u000e\u000f\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017', '\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f', '\u007f delete', '\u0080\u0081\u0082\u0083\u0084\u0086\u0087', '\u0090\u009b\u009f', 'bell\u0007', 'escape \u001b[31mred\u001b[0m'];

const sql = ["'", "''", "' OR '1'='1", "' OR 1=1 --", "'; DROP TABLE users; --", "\"; DROP TABLE users; --", "1; SELECT pg_sleep(5)", "1' AND pg_sleep(5)--", "admin'--", "' UNION SELECT NULL, version() --", 'E\'\\x41\'', '$$; SELECT 1; $$', "%' AND '%'='", '_%_%', '%%', '\\%', "1'||(SELECT current_user)||'", 'COPY users TO PROGRAM \'id\''];

const markup = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '<svg onload=alert(1)>', '"><script>alert(document.cookie)</script>', "'><img src=x onerror=alert(1)>", 'javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', '<a href="javascript:alert(1)">x</a>', '<iframe src="https://example.com"></iframe>', '<style>body{display:none}</style>', '<!--', '-->', ']]>', '<![CDATA[x]]>', '&lt;b&gt;', '&amp;amp;', '&#x3C;script&#x3E;', '<b>bold</b>', '</textarea><script>alert(1)</script>', '<input autofocus onfocus=alert(1)>', '{{constructor.constructor("alert(1)")()}}', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', '=cmd|\' /C calc\'!A0', '=HYPERLINK("http://example.com","x")', '+1+1', '-1+1', '@SUM(1+1)'];

const paths = ['../../../../etc/passwd', '..\\..\\..\\windows\\win.ini', '/dev/null', 'file:///etc/passwd', 'C:\\CON\\CON', 'CON', 'PRN', 'AUX', 'NUL', 'COM1', 'LPT1', '~/.ssh/id_rsa', '%2e%2e%2f%2e%2e%2f', '/api/admin/hosts?x=1#y', 'http://localhost:3000/api/health', '\\\\server\\share'];

const unicode = ['Ω≈ç√∫˜µ≤≥÷', 'åß∂ƒ©˙∆˚¬…æ', 'œ∑´®†¥¨ˆøπ“‘', '¡™£¢∞§¶•ªº–≠', '¸˛Ç◊ı˜Â¯˘¿', 'ÅÍÎÏ˝ÓÔÒÚÆ☃', 'Œ„´‰ˇÁ¨ˆØ∏”’', 'Straße', 'İstanbul ıi', 'ǅǈǋ', 'ﬁ ﬂ ﬀ', 'Ⅻ ⅻ', '１２３', '𝐇𝐨𝐲', '𝕳𝖔𝖞', 'Ⓗⓞⓨ', '田中さんにあげて下さい', 'パーティーへ行かないか', '和製漢語', '사회과학원 어학연구소', '찦차를 타고 온 펲시맨과 쑛다리 똠방각하', '社會科學院語學研究所', '𠜎𠜱𠝹𠱓𠱸𠲖𠳏', 'Ṱ̺̺̕o͞ ̷i̲̬͇̪͙n̝̗͕v̟̜̘̦͟o̶̙̰̠kè͚̮̺̪̹̱̤ ̖t̝͕̳̣̻̪͞h̼͓̲̦̳̘̲e͇̣̰̦̬͎ ̢̼̻̱̘h͚͎͙̜̣̲ͅi̦̲̣̰̤v̻͍e̺̭̳̪̰-m̢iͅn̖̺̞̲̯̰d̵̼̟͙̩̼̘̳', 'e\u0301 vs é', 'A\u030a vs Å', '\u0301 starts with a combining mark', 'ˈhoʊ', 'Ἀθῆναι', 'Москва', 'Ελληνικά', 'ქართული', 'हिन्दी', 'தமிழ்', 'ไทย', 'ພາສາລາວ', 'አማርኛ', 'Soomaali: Hoy waa guri', 'ⵜⴰⵎⴰⵣⵉⵖⵜ', '\u2400 symbol for null', '\ufffd replacement character', '\uffff\ufffe noncharacters', '\uf8ff private use', '\u{10ffff} last code point', '\u{1d11e} musical symbol'];

const bidirectional = ['مرحبا بالعالم', 'שלום עולם', 'בְּרֵאשִׁית, בָּרָא אֱלֹהִים', 'Hoy مرحبا 123 שלום', '\u202etxt.exe', '\u202aleft-to-right embedding\u202c', '\u202bright-to-left embedding\u202c', '\u2066isolate\u2069', '\u200fright-to-left mark', '\u200eleft-to-right mark', 'ثم نفس سقطت وبالتحديد،, جزيرتي باستخدام أن دنو.'];

const emoji = ['😀', '👍🏽', '👨‍👩‍👧‍👦', '🏳️‍🌈', '🇸🇴', '🇺🇸🇬🇧🇸🇴', '❤️', '☺︎ vs ☺️', '0️⃣ 1️⃣ #️⃣', '🧑🏿‍🚀', '🙈🙉🙊', 'ZWJ ‍ alone', '🏠 Hoy 🏖️'];

const long = ['a'.repeat(255), 'a'.repeat(256), 'a'.repeat(320), 'a'.repeat(321), '😀'.repeat(160), '😀'.repeat(161), 'é'.repeat(320), 'x'.repeat(1000), 'x'.repeat(5000), 'x'.repeat(5001), 'Lorem ipsum '.repeat(400)];

const emailish = ['a@b.co', 'A@B.CO', 'user+tag@example.com', '"quoted"@example.com', 'user@[127.0.0.1]', 'user@localhost', 'user@xn--hy-3ja.so', 'ユーザー@例え.jp', 'user@@example.com', 'user@example..com', '.user@example.com', 'user.@example.com', "o'brien@example.com", 'user@example.com\n', 'user@example.com<script>', 'test@example.com; DROP TABLE users', '=1+1@example.com', 'a@b.c'.padStart(320, 'x'), 'a@b.c'.padStart(321, 'x')];

const phoneish = ['+252 61 234 5678', '+252-61-234-5678', '(061) 234 5678', '٠١٢٣٤٥٦٧٨٩', '+1 (555) 010-9999 ext. 42', '+', '-', '+0', '*#06#'];

export const NAUGHTY_STRINGS: readonly string[] = [...new Set([
  '',
  ...reservedWords,
  ...whitespace,
  ...controlCharacters,
  ...sql,
  ...markup,
  ...paths,
  ...unicode,
  ...bidirectional,
  ...emoji,
  ...long,
  ...emailish,
  ...phoneish,
])];

/** PostgreSQL text cannot hold NUL, a lone surrogate has no UTF-8 form, and PGlite drops a leading U+FEFF: the API must answer 400. */
export const UNSTORABLE_STRINGS: readonly string[] = ['\ufeffbyte order mark', '\ufeff', '\u0000', 'before\u0000after', '\ud800', '\udfff', 'a\ud83dz', '\ude00 low first', 'x'.repeat(10) + '\ud83d'];

import fc from 'fast-check';

/**
 * Text that has broken web servers before: injections, odd encodings, lone surrogates, NULs and other control
 * characters, replacement patterns of String.prototype.replace (which once copied a page's head into itself), huge
 * numbers.
 */
const notoriousText = [
  '',
  ' ',
  '\t\n\r',
  "'; DROP TABLE posts; --",
  '" OR 1=1 --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '\u0000',
  'a\u0000b',
  '\u0001\u0007\u0008',
  'a\u000bb',
  '\u000c',
  '\u001b[2J\u001b[31m',
  '\u001f\u007f',
  '\u0085\u2028\u2029',
  '\ufffe\uffff',
  '\ud800',
  '\udfff\ud800',
  '\u202e\u200b\ufeff',
  '%',
  '%00',
  '%zz',
  '%ff%fe',
  '../../../etc/passwd',
  '__proto__',
  'constructor',
  'prototype',
  'NaN',
  '-1',
  '1e309',
  '99999999999999999999999',
  '0x10',
  'null',
  '[]',
  '{}',
  '${7*7}{{7*7}}',
  '$`',
  "$'",
  '$&',
  '$1',
  '$$',
  '$<name>',
  "x$`$'$&$1$$y",
  '$`'.repeat(64),
  '!%_\\',
  'İı ß ﬀ',
  '🙂'.repeat(50),
  'x'.repeat(5000),
];

/** Lone surrogates become U+FFFD, as a browser would send them: encodeURIComponent refuses them. */
function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

export const hostileText = fc.oneof(
  fc.constantFrom(...notoriousText),
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.string({ maxLength: 300 }),
);

/** Any JSON value, shallow or deep, with hostile strings inside. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.dictionary(hostileText, fc.oneof(hostileText, fc.integer(), fc.constant(null)), { maxKeys: 6 }),
  fc.array(hostileText, { maxLength: 5 }),
);

const nestedArrays = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
const nestedObjects = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
const overOneMebibyte = JSON.stringify({ title: 'big', slug: 'big', content: 'x'.repeat(1_100_000) });

/** Request bodies: raw text that is not JSON, JSON of every shape, and a few that are built to hurt. */
export const hostileBody = fc.oneof(
  { weight: 4, arbitrary: hostileJson.map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: hostileText },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      nestedArrays,
      nestedObjects,
      overOneMebibyte,
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"admin":true}}}',
      '{"title":"a","title":"b"}',
      '{"title": "unterminated',
      '\ufeff{}',
    ),
  },
);

export const hostileContentType = fc.constantFrom(
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  ';;;',
);

/** One piece of an address: encoded hostile text, or raw fragments that decoders trip over. */
const pathSegment = fc.oneof(
  hostileText.map((text) => encodeURIComponent(wellFormed(text))),
  fc.constantFrom('..', '.', '%2e%2e', '%2f', '%00', '%ff', '%', '%zz', '%c0%80', ';', '*', '~', ':id', ''),
  fc.constantFrom('%24%60', '%24%27', '%24%26', '%241', '%24%24', '%24%60'.repeat(64), '%0B', '%1F', '%7F', 'x-%0B'),
  fc.uuid(),
);

export const hostilePath = fc.oneof(
  fc.constantFrom('/api/blogs', '/api/auth/login', '/api/auth/logout', '/api/auth/me', '/healthz', '/blog', '/'),
  pathSegment.map((segment) => `/api/blogs/${segment}`),
  pathSegment.map((segment) => `/api/blogs/slug/${segment}`),
  fc.tuple(pathSegment, pathSegment).map(([first, second]) => `/api/blogs/${first}/${second}`),
  pathSegment.map((segment) => `/api/auth/${segment}`),
  pathSegment.map((segment) => `/api/${segment}`),
  pathSegment.map((segment) => `/blogs/${segment}`),
  fc
    .constantFrom('tag', 'category')
    .chain((taxonomy) =>
      fc.tuple(pathSegment, fc.constantFrom('', '/rss.xml')).map(([name, feed]) => `/blog/${taxonomy}/${name}${feed}`),
    ),
  fc.constantFrom('/rss.xml', '/sitemap.xml'),
  fc.array(pathSegment, { maxLength: 4 }).map((segments) => `/${segments.join('/')}`),
);

const queryValue = fc.oneof(
  hostileText.map((text) => encodeURIComponent(wellFormed(text))),
  fc.integer().map(String),
  fc.constantFrom('0', '1', '100', '101', '-5', '1.5', '1e3', '%00', '%', '%zz', 'all', 'draft', 'published'),
);

export const hostileQuery = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom('limit', 'offset', 'tag', 'category', 'q', 'status', '__proto__', 'limit[]'),
        hostileText,
      ),
      queryValue,
    ),
    { maxLength: 5 },
  )
  .map((pairs) =>
    pairs.length === 0
      ? ''
      : `?${pairs.map(([key, value]) => `${encodeURIComponent(wellFormed(key))}=${value}`).join('&')}`,
  );

/** A session cookie with a made-up token: never one the server issued. */
export const madeUpSessionCookie = hostileText.map(
  (text) => `northbeam_session=${encodeURIComponent(wellFormed(text))}`,
);

export const anyMethod = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS');

const notText = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 2 }),
  fc.object(),
);

/** For each field of a post, values that break one of the schema's rules. */
const invalidFieldValues: Record<string, fc.Arbitrary<unknown>> = {
  title: fc.oneof(
    fc.constantFrom('', '   ', 'x'.repeat(201), 'a\u0000b', 'a\u000bb', 'two\nlines', 'a\u007f'),
    notText,
  ),
  slug: fc.oneof(
    fc.constantFrom('', 'Has-Caps', 'two--hyphens', '-lead', 'trail-', 'ü', 'a b', 'a\u0000', 'x'.repeat(121)),
    notText,
  ),
  content: fc.oneof(fc.constantFrom('', ' \n ', '<p>\u0000</p>', '<p>\u000b</p>', '<p>\u001b[31m</p>'), notText),
  summary: fc.oneof(fc.constantFrom('x'.repeat(161), 'a\u0001', 'a\u000c'), fc.integer(), fc.constant(null)),
  tags: fc.constantFrom(Array(31).fill('tag'), ['x'.repeat(61)], [1], {}, 'x'.repeat(61), ['ok', null], ['a\u000b']),
  categories: fc.constantFrom(Array(21).fill('category'), ['x'.repeat(61)], [true], 7, ['a\nb'], 'a\u001f'),
  metaTitle: fc.constantFrom('x'.repeat(71), 'a\u000bb', 'a\nb', 3),
  metaDescription: fc.constantFrom('x'.repeat(161), 'a\u0007', false),
  ogImage: fc.constantFrom('javascript:alert(1)', '/a\u000b.png', 'https://example.com/\u0001', 1),
  canonicalUrl: fc.constantFrom('/relative', 'https://example.com/\u007f', 'javascript:alert(1)'),
  coverImage: fc.constantFrom(
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    '//evil.example/x.png',
    'ftp://x/y',
    'http://a b',
    'relative.png',
    42,
  ),
  publishedAt: fc.constantFrom('yesterday', '2025-13-45', '2025-02-10T25:00:00Z', 12, true),
  status: fc.constantFrom('deleted', 'PUBLISHED', null, 1),
  contentFormat: fc.constantFrom('pdf', 'HTML', null),
  updatedAt: fc.constantFrom('not a date', 5),
  author: fc.constantFrom(5, 'x'.repeat(101)),
};

const knownFields = new Set(Object.keys(invalidFieldValues));

/** A post body that is right but for one thing: one field breaks a rule, or a field the schema does not know. */
export const invalidPostBody = fc
  .oneof(
    fc.constantFrom(...knownFields).chain((field) => invalidFieldValues[field]!.map((value) => ({ field, value }))),
    fc
      .tuple(
        hostileText.filter((name) => !knownFields.has(name)),
        hostileJson,
      )
      .map(([field, value]) => ({ field, value })),
  )
  .map(({ field, value }) =>
    JSON.stringify({ title: 'A fine title', slug: 'a-fine-slug', content: '<p>Fine</p>', [field]: value }),
  );

/** Replacement patterns among ordinary words: text a writer may well type, and the page must show as it is. */
const replacementPatterns = fc.constantFrom("Costs $1 or $$ $` $' $& less", '$`'.repeat(30), "$'$&$1$$");
const lineBreaksAndTab = new Set(['\t', '\n', '\r']);
/** A control character that a post's text may not hold; tabs and line breaks are allowed in text with lines. */
const refusedControl = (character: string, lines: boolean) =>
  (character < ' ' || character === '\u007f') && !(lines && lineBreaksAndTab.has(character));

/** Any text without control characters: a line of text, or with `lines` also tabs and line breaks. */
const someText = (maxLength: number, lines = false) =>
  fc
    .oneof(
      { weight: 5, arbitrary: fc.string({ unit: 'binary', maxLength }) },
      { weight: 1, arbitrary: replacementPatterns },
    )
    .filter((text) => ![...text].some((character) => refusedControl(character, lines)));

const dangerousMarkup = fc.constantFrom(
  '<script>alert(1)</script><p>x</p>',
  '<a href="javascript:alert(1)">x</a>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)><p>y</p></svg>',
  '<iframe src="//evil.example"></iframe>z',
  '[click](javascript:alert(1))',
  '<style>body{display:none}</style><p>y</p>',
);

/** Bodies the schema accepts, filled with hostile but allowed text and markup. */
export const hostileValidPost = fc.record(
  {
    title: someText(200).filter((text) => /\S/u.test(text)),
    slug: fc.stringMatching(/^[a-z0-9]{1,20}(-[a-z0-9]{1,20}){0,4}$/),
    content: fc.oneof(
      dangerousMarkup,
      someText(2000, true).filter((text) => /\S/u.test(text)),
    ),
    contentFormat: fc.constantFrom('html', 'markdown'),
    summary: someText(160, true),
    tags: fc.array(someText(60), { maxLength: 30 }),
    // As comma-separated text, at most 19 characters: never more than the 20 categories allowed.
    categories: fc.oneof(fc.array(someText(60), { maxLength: 20 }), someText(19)),
    status: fc.constantFrom('draft', 'published', 'archived'),
    coverImage: fc.constantFrom('/images/blog/cover-1.svg', 'https://example.com/a.png'),
  },
  { requiredKeys: ['title', 'slug', 'content'] },
);

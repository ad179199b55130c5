// serde_json's error texts (serde_json src/error.rs `ErrorCode`), as the exact parser reports them.

export const MESSAGES = {
  eofValue: 'EOF while parsing a value',
  eofList: 'EOF while parsing a list',
  eofObject: 'EOF while parsing an object',
  eofString: 'EOF while parsing a string',
  colon: 'expected `:`',
  listEnd: 'expected `,` or `]`',
  objectEnd: 'expected `,` or `}`',
  ident: 'expected ident',
  value: 'expected value',
  escape: 'invalid escape',
  number: 'invalid number',
  codePoint: 'invalid unicode code point',
  control: 'control character (\\u0000-\\u001F) found while parsing a string',
  key: 'key must be a string',
  surrogate: 'lone leading surrogate in hex escape',
  trailingComma: 'trailing comma',
  trailing: 'trailing characters',
  hexEnd: 'unexpected end of hex escape',
  recursion: 'recursion limit exceeded',
  range: 'number out of range',
} as const;

/**
 * express-openapi-validator's findings in plain words: `dot_numbers is required`, `as_of must be a
 * date (YYYY-MM-DD)`, `per_page must be at most 100`, instead of ajv's `body.dot_numbers must have
 * required property 'dot_numbers'` or `query.as_of must match format "date"`. The message names
 * the parameter or field as the client wrote it (no `query.`/`body.` prefix; `dot_numbers[0]` for
 * an entry of a list). What this module does not recognise keeps the validator's own words.
 */

export interface ValidatorFinding {
  path?: string;
  message?: string;
  errorCode?: string;
}

const TYPE_WORDS: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'a string',
  array: 'a list (JSON array)',
  object: 'a JSON object',
  boolean: 'true or false',
  null: 'null',
};

const FORMAT_WORDS: Record<string, string> = {
  date: 'a date (YYYY-MM-DD)',
  'date-time': 'an RFC 3339 date-time (e.g. 2026-03-01T00:00:00Z)',
  email: 'an e-mail address',
  uri: 'an absolute URL',
};

/** The contract's patterns (openapi.yaml), said in words. */
const PATTERN_WORDS: Record<string, string> = {
  '^[0-9]{1,8}$': 'must be 1 to 8 digits',
  '^([0-9]{1,8}|\\s*)$': 'must be 1 to 8 digits (or blank)',
  '^[A-Za-z]{2}$': 'must be a 2-letter code',
  '^[0-9]+$': 'must be digits',
};

interface Where {
  /** query, body, params (path) or headers. */
  source: string;
  /** The parameter or field: `as_of`, `dot_numbers[0]`, `address.zip`; '' for the whole body. */
  name: string;
}

function where(path: string | undefined): Where {
  const [source = '', ...rest] = (path ?? '').replace(/^\//, '').split('/');
  const name = rest.reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), '');
  return { source, name };
}

function subject({ source, name }: Where): string {
  if (source === 'headers') return `the ${name.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase())} header`;
  if (!name) return source === 'body' ? 'the body' : 'the request';
  return name;
}

/** What is wrong, after the subject: `is required`, `must be at most 100`, … */
function predicate(keyword: string, message: string, at: Where): string {
  let m: RegExpExecArray | null;
  switch (keyword) {
    case 'required':
      return 'is required';
    case 'type':
      m = /must be (\w+)/.exec(message);
      // A query value is a string unless the parameter was given more than once.
      if (at.source === 'query' && m?.[1] === 'string') return 'must be given once';
      return m ? `must be ${TYPE_WORDS[m[1]] ?? m[1]}` : message;
    case 'format':
      m = /format "([^"]+)"/.exec(message);
      return m ? `must be ${FORMAT_WORDS[m[1]] ?? `in ${m[1]} format`}` : message;
    case 'pattern':
      m = /pattern "(.*)"$/.exec(message);
      return (m && PATTERN_WORDS[m[1]]) ?? 'is not in the expected form';
    case 'enum':
      m = /allowed values: (.*)$/.exec(message);
      return m ? `must be one of ${m[1]}` : message;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      m = /must be (>=|<=|>|<) (.+)$/.exec(message);
      return m ? `must be ${{ '>=': 'at least', '<=': 'at most', '>': 'more than', '<': 'less than' }[m[1]]} ${m[2]}` : message;
    case 'minLength':
    case 'maxLength':
      m = /(more|fewer) than (\d+) characters/.exec(message);
      return m ? `must be ${m[1] === 'more' ? 'at most' : 'at least'} ${m[2]} characters long` : message;
    case 'minItems':
    case 'maxItems':
      m = /(more|fewer) than (\d+) items/.exec(message);
      return m ? `must have ${m[1] === 'more' ? 'at most' : 'at least'} ${m[2]} ${m[2] === '1' ? 'entry' : 'entries'}` : message;
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return 'is not a known field';
    case 'unknownQuery':
      return 'is not a known query parameter';
    default:
      return message;
  }
}

function keywordOf(f: ValidatorFinding): string {
  if (/^Unknown query parameter/.test(f.message ?? '')) return 'unknownQuery';
  return (f.errorCode ?? '').split('.')[0];
}

/**
 * One sentence per parameter or field, joined by '; '. The alternatives of an anyOf/oneOf are
 * said as one predicate: `since must be an RFC 3339 date-time (…) or a date (YYYY-MM-DD)`.
 *
 * @example plainMessage([{ path: '/body/dot_numbers', message: "must have required property 'dot_numbers'", errorCode: 'required.openapi.validation' }])
 * // → 'dot_numbers is required'
 */
export function plainMessage(findings: ValidatorFinding[]): string {
  const byPath = new Map<string, ValidatorFinding[]>();
  for (const f of findings) byPath.set(f.path ?? '', [...(byPath.get(f.path ?? '') ?? []), f]);
  const sentences: string[] = [];
  for (const [path, group] of byPath) {
    const at = where(path);
    const alternatives = group.some((f) => ['anyOf', 'oneOf'].includes(keywordOf(f)));
    const predicates = group
      .filter((f) => !['anyOf', 'oneOf'].includes(keywordOf(f)))
      .map((f) => predicate(keywordOf(f), f.message ?? '', at));
    const unique = [...new Set(predicates)];
    if (alternatives) {
      sentences.push(`${subject(at)} must be ${unique.map((p) => p.replace(/^must be /, '')).join(' or ')}`);
    } else {
      for (const p of unique) sentences.push(`${subject(at)} ${p}`);
    }
  }
  return sentences.join('; ');
}

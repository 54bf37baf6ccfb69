import { formatNumber } from '@shop/domain';

/**
 * A small reader of ICU messages, enough for the shop's catalogues (no dependency):
 * `{name}`, `{count, plural, =0 {…} one {# articolo} other {# articoli}}` (Intl.PluralRules of the
 * locale; `#` is the count written the locale's way; `offset:` is not supported) and
 * `{kind, select, a {…} other {…}}`. Branches may hold placeholders and further arguments.
 * Apostrophes are plain text (Italian writes many), not ICU's quoting.
 */
export type MessagePart =
  | { kind: 'text'; text: string }
  | { kind: 'arg'; name: string }
  | { kind: 'pound' }
  | { kind: 'plural'; name: string; branches: Readonly<Record<string, MessagePart[]>> }
  | { kind: 'select'; name: string; branches: Readonly<Record<string, MessagePart[]>> };

export class MessageSyntaxError extends Error {
  constructor(message: string, template: string, at: number) {
    super(`${message} at ${at} in "${template}"`);
    this.name = 'MessageSyntaxError';
  }
}

const NAME = /^\s*(\w+)\s*$/;

/** The parts of an ICU message; throws MessageSyntaxError when it is not one. */
export function parseMessage(template: string): MessagePart[] {
  let at = 0;
  const fail = (message: string): never => {
    throw new MessageSyntaxError(message, template, at);
  };

  /** Parts up to an unmatched `}` (inside a branch) or the end. */
  function parts(inPlural: boolean): MessagePart[] {
    const out: MessagePart[] = [];
    let text = '';
    const flush = () => {
      if (text) out.push({ kind: 'text', text });
      text = '';
    };
    while (at < template.length) {
      const char = template[at]!;
      if (char === '}') break;
      if (char === '{') {
        flush();
        out.push(argument(inPlural));
      } else if (char === '#' && inPlural) {
        flush();
        out.push({ kind: 'pound' });
        at += 1;
      } else {
        text += char;
        at += 1;
      }
    }
    flush();
    return out;
  }

  function argument(inPlural: boolean): MessagePart {
    const start = at;
    at += 1; // '{'
    const end = template.slice(at).search(/[,}]/);
    if (end < 0) fail('unclosed {');
    const name = NAME.exec(template.slice(at, at + end))?.[1] ?? fail('a placeholder needs a name');
    at += end;
    if (template[at] === '}') {
      at += 1;
      return { kind: 'arg', name };
    }
    at += 1; // ','
    const typeEnd = template.indexOf(',', at);
    if (typeEnd < 0) fail('an argument type needs its branches');
    const typeName = template.slice(at, typeEnd).trim();
    if (typeName !== 'plural' && typeName !== 'select') fail(`unknown argument type "${typeName}"`);
    const type = typeName as 'plural' | 'select';
    at = typeEnd + 1;
    const branches: Record<string, MessagePart[]> = {};
    for (;;) {
      while (/\s/.test(template[at] ?? '')) at += 1;
      if (at >= template.length) fail('unclosed argument');
      if (template[at] === '}') break;
      const selector = /^(=\d+|\w+)\s*\{/.exec(template.slice(at));
      if (!selector) fail('a branch needs a selector and {');
      const key = selector![1]!;
      if (key in branches) fail(`branch "${key}" twice`);
      at += selector![0].length;
      branches[key] = parts(type === 'plural' || (inPlural && type === 'select'));
      if (template[at] !== '}') fail('unclosed branch');
      at += 1;
    }
    at += 1; // the argument's '}'
    if (!('other' in branches)) {
      at = start;
      fail('plural and select need an "other" branch');
    }
    return { kind: type, name, branches };
  }

  const result = parts(false);
  if (at < template.length) fail('unmatched }');
  return result;
}

const parsed = new Map<string, MessagePart[]>();

function partsOf(template: string): MessagePart[] {
  let list = parsed.get(template);
  if (!list) {
    list = parseMessage(template);
    parsed.set(template, list);
  }
  return list;
}

/** The names a message asks for, nested ones included, each once and sorted. */
export function messageArguments(template: string): string[] {
  const names = new Set<string>();
  const walk = (list: readonly MessagePart[]) => {
    for (const part of list) {
      if (part.kind === 'arg') names.add(part.name);
      if (part.kind === 'plural' || part.kind === 'select') {
        names.add(part.name);
        Object.values(part.branches).forEach(walk);
      }
    }
  };
  walk(partsOf(template));
  return [...names].sort();
}

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralCategory(value: number, locale: string): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(value);
}

export type MessageValues = Readonly<Record<string, string | number>>;

const written = (value: string | number, locale: string) => (typeof value === 'number' ? formatNumber(value, locale) : value);

/**
 * The message with its values: numbers written the locale's way (1.234 in it-IT), plural forms
 * chosen by Intl.PluralRules. A placeholder without a value stays visible (`{name}`).
 */
export function formatMessage(template: string, values: MessageValues, locale: string): string {
  const render = (list: readonly MessagePart[], count: number | null): string =>
    list
      .map((part) => {
        switch (part.kind) {
          case 'text':
            return part.text;
          case 'pound':
            return count === null ? '#' : formatNumber(count, locale);
          case 'arg': {
            const value = values[part.name];
            return value === undefined ? `{${part.name}}` : written(value, locale);
          }
          case 'plural': {
            const value = values[part.name];
            const n = typeof value === 'number' ? value : Number(value);
            if (value === undefined || Number.isNaN(n)) return `{${part.name}}`;
            const branch = part.branches[`=${n}`] ?? part.branches[pluralCategory(n, locale)] ?? part.branches['other']!;
            return render(branch, n);
          }
          case 'select': {
            const value = values[part.name];
            if (value === undefined) return `{${part.name}}`;
            return render(part.branches[String(value)] ?? part.branches['other']!, count);
          }
        }
      })
      .join('');
  return render(partsOf(template), null);
}

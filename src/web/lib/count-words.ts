import { intlLocale } from './i18n/i18n';

const numbers = new Map<string, Intl.NumberFormat>();

/** "1,240" in the active language's digits and grouping. */
export function formatNumber(n: number): string {
  const tag = intlLocale();
  let format = numbers.get(tag);
  if (!format) {
    format = new Intl.NumberFormat(tag);
    numbers.set(tag, format);
  }
  return format.format(n);
}

/**
 * "1 slot", "1,240 slots": English only, for words not yet in a catalogue.
 * @deprecated A count in a sentence is an ICU plural in the page's catalogue (decision 038):
 * `"{count, plural, one {# slot} other {# slots}}"` / `"{count, plural, one {# horario} other {# horarios}}"`, which
 * formats the number in the person's language too. This English helper is kept until every caller has moved.
 */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(n)} ${n === 1 ? singular : plural}`;
}

const numbers = new Intl.NumberFormat('en-US');

export const formatNumber = (n: number) => numbers.format(n);

/** "1 slot", "1,240 slots". */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(n)} ${n === 1 ? singular : plural}`;
}

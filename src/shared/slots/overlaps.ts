/** Half-open intervals [start, end): a range includes its start, not its end. */
export interface Interval {
  fieldId: string;
  startsAt: Date;
  endsAt: Date;
}

export function overlaps(a: Interval, b: Interval): boolean {
  return a.fieldId === b.fieldId && a.startsAt < b.endsAt && b.startsAt < a.endsAt;
}

/**
 * For each candidate, whether it overlaps an existing interval on the same field. Sorts the existing ones per
 * field once and binary-searches, so a season of candidates against a season of slots stays fast.
 */
export function markOverlaps<T extends Interval>(candidates: readonly T[], existing: readonly Interval[]): Array<{ candidate: T; clash: Interval | null }> {
  const byField = new Map<string, Interval[]>();
  for (const e of existing) {
    const list = byField.get(e.fieldId) ?? [];
    list.push(e);
    byField.set(e.fieldId, list);
  }
  for (const list of byField.values()) list.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return candidates.map((candidate) => {
    const list = byField.get(candidate.fieldId);
    if (!list) return { candidate, clash: null };
    // The last existing interval starting before the candidate ends is the only one that can overlap,
    // because the existing intervals of one field never overlap each other.
    let lo = 0;
    let hi = list.length - 1;
    let idx = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]!.startsAt < candidate.endsAt) {
        idx = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    const hit = idx >= 0 && overlaps(list[idx]!, candidate) ? list[idx]! : null;
    return { candidate, clash: hit };
  });
}

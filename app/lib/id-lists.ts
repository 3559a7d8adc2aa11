/** Lists of business ids in ascending order, as the full-text indexes and the search's copy give them. */

/** The ids of ascending lists, in order, each once, up to `upTo` of them (a few lists: the head of each compared). */
export function mergedIds(lists: number[][], upTo: number): number[] {
  const at = lists.map(() => 0);
  const merged: number[] = [];
  while (merged.length < upTo) {
    let least = -1;
    for (let k = 0; k < lists.length; k++) if (at[k] < lists[k].length && (least < 0 || lists[k][at[k]] < lists[least][at[least]])) least = k;
    if (least < 0) break;
    const id = lists[least][at[least]++];
    if (merged.length === 0 || merged[merged.length - 1] !== id) merged.push(id);
  }
  return merged;
}

/** The place of the first of the ascending `ids` not below `id` (a binary search). */
export function lowerBound(ids: ArrayLike<number>, id: number): number {
  let [lo, hi] = [0, ids.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ids[mid] < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether the ascending `ids` hold `id`. */
export const hasId = (ids: ArrayLike<number>, id: number) => ids[lowerBound(ids, id)] === id;

/** The ids in both ascending lists, in order, each once (either may repeat an id). */
export function commonIds(a: ArrayLike<number>, b: ArrayLike<number>): number[] {
  const common: number[] = [];
  let [i, j] = [0, 0];
  while (i < a.length && j < b.length) {
    if (a[i] < b[j]) i++;
    else if (a[i] > b[j]) j++;
    else {
      if (common[common.length - 1] !== a[i]) common.push(a[i]);
      i++;
      j++;
    }
  }
  return common;
}

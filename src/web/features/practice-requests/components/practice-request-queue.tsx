// Issue 13: this inbox on /admin is being built.
export function PracticeRequestQueue() {
  return null;
}

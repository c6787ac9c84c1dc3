// Issue 13: this inbox on /admin is being built.
export function ContactInbox() {
  return null;
}

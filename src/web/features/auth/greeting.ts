import { toast } from '../../lib/toast';

/**
 * The greeting after logging in or signing up ("Welcome back, Casey Coach!") is shown under one toast id, so
 * logging out can take it away: a greeting beside the Login link would say hello to someone who just left.
 * A second sign-in replaces the first greeting rather than stacking another.
 */
const GREETING_TOAST_ID = 'greeting';

export function greet(message: string): void {
  toast.success(message, { id: GREETING_TOAST_ID });
}

/** Called by sign-out: the greeting goes at once (not after its 2 s), before the Login link shows. */
export function forgetGreeting(): void {
  toast.remove(GREETING_TOAST_ID);
}

import userEvent from '@testing-library/user-event';

/**
 * The one way web tests drive the page: user-event without its pause between key presses and pointer steps
 * (delay: null), so typing a word is one burst rather than a timer per letter. Each step still fires every event a
 * person's action fires, with the same checks (pointer-events, disabled, focus).
 */
export const setupUser = () => userEvent.setup({ delay: null });

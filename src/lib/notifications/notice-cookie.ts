/** Cookie carrying a one-shot notice across a redirect; the layout shows it once as a toast. */
export const NOTICE_COOKIE = 'tp-notice';

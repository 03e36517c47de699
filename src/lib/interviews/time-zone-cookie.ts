/** The cookie the shell sets to the browser's time zone (islands/shell/time-zone.ts); pages read it (reader-time-zone.ts). */
export const TIME_ZONE_COOKIE = 'tp-tz';

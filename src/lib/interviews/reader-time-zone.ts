import { isTimeZone } from './slot-rule';

// The zone a person reads interview times in: the one she chose on the page (?tz=), else
// the one her browser reported (time-zone-cookie.ts, set by the shell on every page), else UTC.
// Pages always name the zone beside the times and let her change it.

export const TIME_ZONE_PARAM = 'tz';

export function readerTimeZone(url: URL, cookie: string | undefined): string {
  const chosen = url.searchParams.get(TIME_ZONE_PARAM) ?? '';
  if (isTimeZone(chosen)) return chosen;
  const reported = decodeURIComponent(cookie ?? '');
  return isTimeZone(reported) ? reported : 'UTC';
}

/** Every zone the runtime knows, for a select (UTC first). */
export function timeZoneChoices(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
}

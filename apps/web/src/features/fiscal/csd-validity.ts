import { BUSINESS_TIME_ZONE, dayjs } from '@mostrador/shared';

/** How near its end a CSD is shown as a warning: time enough to get a new one from the SAT. */
export const CSD_WARNING_DAYS = 30;

export type CsdValidity = 'valid' | 'expiring' | 'expired';

/** Whether a CSD valid until `validTo` (ISO) is in force, about to expire, or expired at `now`. */
export function csdValidity(validTo: string, now: number = Date.now()): CsdValidity {
  const end = Date.parse(validTo);
  if (end < now) return 'expired';
  return end - now <= CSD_WARNING_DAYS * 24 * 60 * 60 * 1000 ? 'expiring' : 'valid';
}

/** '12 de mayo de 2030': the day in Monterrey, in Mexican Spanish. */
export function csdDate(iso: string): string {
  return dayjs(iso).tz(BUSINESS_TIME_ZONE).locale('es-mx').format('D [de] MMMM [de] YYYY');
}

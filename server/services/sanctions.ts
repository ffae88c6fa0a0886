import type { CountryCode } from '../../contract/countryCodes';
import { ApiError } from '../errors';

/** Refuses a country of residence on the configured sanctions list, naming the form's field it came from. */
export function refuseSanctionedResidence(sanctioned: ReadonlySet<CountryCode>, field: string, country: CountryCode | undefined): void {
  if (country !== undefined && sanctioned.has(country)) {
    throw new ApiError('country_sanctioned', 'Meridian cannot serve residents of this country.', { fields: { [field]: 'sanctioned' } });
  }
}

import { z } from 'zod';
import { COUNTRY_CODES, type CountryCode } from './countryCodes';

// The codes live in a module of their own, without zod, so that a screen needing only them (the phone
// section) does not bring zod into its chunk.
export { COUNTRY_CODES, type CountryCode };
export const countryCodeSchema = z.enum(COUNTRY_CODES, 'Must be an ISO 3166-1 alpha-2 country code');

/** A brand's display name (spec §6), or the token itself for a brand the console does not know. */
import { BRAND_NAMES, type Brand } from '../../shared/access';

export function brandName(brand: string): string {
  return BRAND_NAMES[brand as Brand] ?? brand;
}

/**
 * Voucher codes: 16 characters of Crockford's base32 (0-9 and A-Z without I, L, O, U), the last a check
 * character, shown and typed in four groups of four (`7K2Q-9XHP-M3D4-TRVE`). The app checks the shape and
 * the check character before sending, so a typo is caught at once; the server checks again.
 *
 * Reading (Crockford): case does not matter, hyphens and spaces are ignored, I and L read as 1, O as 0.
 *
 * The check character: each character is an element of GF(32) (the field of 32 elements, built on the
 * primitive polynomial x⁵ + x² + 1, with α = x); the check is c = Σ αⁱ⁺¹·vᵢ over the 15 data characters
 * vᵢ, i = 0…14, written as the base32 character of c. Since every αⁱ⁺¹ is non-zero and distinct (α has
 * order 31), the check catches every single wrong character and every swap of two different characters,
 * adjacent or not — which a plain weighted sum modulo 32 cannot (32 is not prime), and Crockford's own
 * mod-37 check would need five symbols outside base32.
 */

export const VOUCHER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const VOUCHER_CODE_LENGTH = 16;
export const VOUCHER_GROUP_LENGTH = 4;

/** Multiplication in GF(32) modulo x⁵ + x² + 1 (0b100101). */
function gfMultiply(a: number, b: number): number {
  let product = 0;
  for (let x = a, y = b; y > 0; y >>= 1) {
    if (y & 1) product ^= x;
    x <<= 1;
    if (x & 0b100000) x ^= 0b100101;
  }
  return product;
}

/** The check character of 15 data characters (already normalized). */
export function voucherCheckCharacter(data: string): string {
  let sum = 0;
  let weight = 1;
  for (const character of data) {
    weight = gfMultiply(weight, 2);
    sum ^= gfMultiply(weight, VOUCHER_ALPHABET.indexOf(character));
  }
  return VOUCHER_ALPHABET[sum]!;
}

/** What the customer typed, read the Crockford way: upper case, I/L → 1, O → 0, hyphens and spaces dropped. */
export function normalizeVoucherCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
}

/**
 * Why a typed code cannot be a voucher code, or null when it can: `short` (fewer than 16 characters),
 * `long`, `character` (one that is not base32, such as U or a symbol), `check` (a typo: the check
 * character does not match).
 */
export type VoucherCodeProblem = 'short' | 'long' | 'character' | 'check';

export function voucherCodeProblem(typed: string): VoucherCodeProblem | null {
  const code = normalizeVoucherCode(typed);
  if ([...code].some((character) => !VOUCHER_ALPHABET.includes(character))) return 'character';
  if (code.length < VOUCHER_CODE_LENGTH) return 'short';
  if (code.length > VOUCHER_CODE_LENGTH) return 'long';
  return voucherCheckCharacter(code.slice(0, -1)) === code.at(-1) ? null : 'check';
}

/** The normalized code in groups of four, as shown to the admin who created it. */
export function formatVoucherCode(code: string): string {
  return (
    normalizeVoucherCode(code)
      .match(new RegExp(`.{1,${VOUCHER_GROUP_LENGTH}}`, 'g'))
      ?.join('-') ?? ''
  );
}

import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LENGTH = 20;

/**
 * "AMA" and 20 random digits and capital letters: about 103 bits, so a reference (which shows the
 * participant's name, email and phone on lookup) cannot be guessed. Uniform: bytes of 252 and
 * above are dropped (252 = 7 x 36).
 */
export function newBookingReference(): string {
  let out = 'AMA';
  while (out.length < 3 + LENGTH) {
    for (const byte of randomBytes(32)) {
      if (byte < 252 && out.length < 3 + LENGTH) out += ALPHABET[byte % 36];
    }
  }
  return out;
}

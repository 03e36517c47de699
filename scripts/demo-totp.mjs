// Prints the current sign-in code of the demo admin and support accounts (their second
// factor, seeded with this secret; src/server/db/seed/demo-accounts.ts holds the same one),
// as an authenticator app would show it, and how long it stays current.
// `npm run demo:totp`, or `npm run demo:totp -- <base32 secret>` for another account.
import { Secret, TOTP } from 'otpauth';

const DEMO_TOTP_SECRET = 'TALENTPLACEDEMOTOTPSECRETKEYABCD';
const secret = process.argv[2] ?? DEMO_TOTP_SECRET;
const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret.replace(/\s/g, '').toUpperCase()) });
const secondsLeft = 30 - (Math.floor(Date.now() / 1000) % 30);
console.log(`${totp.generate()}  (current for ${secondsLeft} more s; a code works once)`);

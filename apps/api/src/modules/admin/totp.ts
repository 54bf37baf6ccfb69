import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** The issuer authenticator apps show beside the account. */
export const TOTP_ISSUER = 'Bottega Pro back office';
/** A code of the step before or after is accepted too (clock drift of a phone). */
const TOLERANCE_SECONDS = 30;
export const RECOVERY_CODES = 10;

/**
 * TOTP secrets rest encrypted (AES-256-GCM) under a key derived from the API's secret, so a copy
 * of the database alone cannot make codes; they are never answered after enrolment.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: Uint8Array) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'staff-totp', 'bottega-pro back office TOTP secret', 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unknown TOTP secret format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}

export const newTotpSecret = () => generateSecret();

export async function enrolmentPicture(email: string, secret: string) {
  const otpauthUri = generateURI({ issuer: TOTP_ISSUER, label: email, secret });
  const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { otpauthUri, qrSvg, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(qrSvg).toString('base64')}` };
}

/** The time step a 6-digit code matched at `now` (within one step either side), after `afterStep` only; undefined: no match. */
export async function matchTotp(secret: string, code: string, now: Date, afterStep: number | null): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/** Ten recovery codes such as `7KQM-2XHD-9WTC`: 60 random bits each, from an alphabet without look-alikes. */
export function newRecoveryCodes(): string[] {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  return Array.from({ length: RECOVERY_CODES }, () => {
    const bytes = randomBytes(12);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
}

/** How a recovery code is kept: typed case, spaces and dashes do not matter. Random codes need no slow hash. */
export const recoveryCodeHash = (code: string) => createHash('sha256').update(code.toUpperCase().replace(/[\s-]/g, '')).digest('hex');

import { z } from 'zod';
import { isValidEmail } from '@shop/domain';
import { text } from './strings.ts';

/**
 * The back office's API (issue #44, ADR 0027): staff sign-in with a session cookie and a CSRF
 * token, TOTP, staff users and the audit log. Its texts are Italian: the back office is.
 */
export const ADMIN_MESSAGES = {
  signInRequired: 'Accesso richiesto: entra nel back office con e-mail e password dello staff.',
  sessionExpired: 'La sessione è scaduta: entra di nuovo nel back office.',
  customerToken: 'Il back office non accetta i token dei clienti: entra con e-mail e password dello staff.',
  wrongCredentials: 'E-mail o password non corretti.',
  locked: 'Troppi tentativi non riusciti: riprova tra {minutes} minuti.',
  otpRequired: 'otp: Inserisci il codice di 6 cifre dell’app di autenticazione oppure un codice di recupero.',
  otpWrong: 'otp: Il codice non è valido, è scaduto o è già stato usato.',
  csrfMissing: 'X-CSRF-Token: Manca il token CSRF: ricarica il back office e riprova.',
  csrfWrong: 'X-CSRF-Token: Il token CSRF non è valido per questa sessione: ricarica il back office e riprova.',
  ownerOnly: 'Questa funzione è riservata al titolare.',
  enrolFirst: 'Attiva prima la verifica in due passaggi (TOTP): in produzione è obbligatoria per il titolare.',
  totpNotStarted: 'otp: Avvia prima l’attivazione della verifica in due passaggi.',
  totpAlreadyOn: 'La verifica in due passaggi è già attiva per questo utente.',
  internalOnly: 'Questa funzione risponde solo agli strumenti in esecuzione sul server del negozio.',
  backupNotEmbedded: 'Questo backup è solo per il database integrato: su un server PostgreSQL npm run db:backup usa pg_dump.',
  backupTooSoon: 'Un backup del database è in corso o è appena stato fatto: il prossimo tra {seconds} secondi.',
  toolToken: 'Token non valido: manda il token degli strumenti del negozio (ADMIN_TOKEN, o quello in DATA_DIR/admin-token) oppure una chiave API.',
  /** Zod messages: the answer names the field before them. */
  badObject: 'Indica l’oggetto come tipo:id, per esempio order:000000123.',
  badEmail: 'Indirizzo e-mail non valido.',
  otpDigits: 'Inserisci le 6 cifre mostrate dall’app.',
} as const;

export const staffRole = z.enum(['owner', 'staff']);
export type StaffRoleName = z.infer<typeof staffRole>;

const staffEmail = text().trim().max(254).refine(isValidEmail, ADMIN_MESSAGES.badEmail);

/** POST /api/admin/session. `otp`: a TOTP code or a recovery code, once the user has TOTP. */
export const adminSignInBody = z.object({
  email: staffEmail,
  password: z.string().min(1).max(256),
  otp: text().trim().max(64).optional(),
});
export type AdminSignInBody = z.infer<typeof adminSignInBody>;

export const adminSession = z
  .object({
    email: z.string(),
    role: staffRole,
    /** Sent back as X-CSRF-Token by every write of this session. */
    csrfToken: z.string(),
    totpEnabled: z.boolean(),
    /** An owner without TOTP in production: only enrolling is allowed until it is confirmed. */
    mustEnrolTotp: z.boolean(),
    /** When the session ends at the latest (8 h after sign-in), ISO 8601. */
    expiresAt: z.string(),
  })
  .meta({ id: 'AdminSession' });
export type AdminSession = z.infer<typeof adminSession>;

/** POST /api/admin/totp/enrol: shown once. */
export const totpEnrolment = z.object({
  otpauthUri: z.string(),
  /** The otpauth URI as a QR code (SVG), and the same as a data: URL for an <img>. */
  qrSvg: z.string(),
  qrDataUrl: z.string(),
  /** Ten single-use codes for when the phone is lost; stored hashed, never shown again. */
  recoveryCodes: z.array(z.string()),
});

export const totpConfirmBody = z.object({ otp: text().trim().regex(/^\d{6}$/, ADMIN_MESSAGES.otpDigits) });

export const staffUserView = z.object({
  id: z.number().int(),
  email: z.string(),
  role: staffRole,
  totpEnabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StaffUserView = z.infer<typeof staffUserView>;

/** The CLI's call on the running API (`npm run admin:user`): create or update one user. */
export const staffUserUpsertBody = z.object({
  email: staffEmail,
  password: z.string().min(1).max(256),
  role: staffRole,
  /** Turns the user's TOTP off (a lost phone and lost recovery codes): they enrol again. */
  resetTotp: z.boolean().optional(),
});
export const staffUserUpsertResult = z.object({ user: staffUserView, created: z.boolean() });

/** GET /api/admin/audit?object=order:123 */
export const auditQuery = z.object({
  object: text()
    .trim()
    .regex(/^[a-z][a-z_-]{0,39}:[^\s]{1,100}$/, ADMIN_MESSAGES.badObject),
});

export const auditEntry = z
  .object({
    id: z.number().int(),
    at: z.string(),
    staffId: z.number().int().nullable(),
    staffEmail: z.string(),
    action: z.string(),
    objectType: z.string(),
    objectId: z.string(),
    before: z.unknown(),
    after: z.unknown(),
  })
  .meta({ id: 'AdminAuditEntry' });
export type AuditEntry = z.infer<typeof auditEntry>;

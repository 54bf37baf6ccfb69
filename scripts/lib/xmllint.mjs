// The FatturaPA tests validate every invoice file against the official XSD with libxml2's xmllint.
import { existsSync } from 'node:fs';
import { installIfMissing } from './debian.mjs';

export const XMLLINT = '/usr/bin/xmllint';

/** Installs Debian's libxml2-utils (xmllint) when missing and we are root; otherwise says what to install. */
export function ensureXmllint() {
  installIfMissing({ name: 'xmllint (for the FatturaPA schema checks)', packages: ['libxml2-utils'], present: () => existsSync(XMLLINT), update: true });
}

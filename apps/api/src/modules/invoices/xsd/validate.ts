import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The official schema kept beside this file (SOURCE.md). */
export const FATTURAPA_XSD = fileURLToPath(new URL('./Schema_del_file_xml_FatturaPA_v1.2.2.xsd', import.meta.url));

/**
 * Checks a FatturaPA file against the official XSD with xmllint, offline (--nonet): '' when
 * valid, else xmllint's messages. For tests and tools; xmllint is libxml2-utils.
 */
export function xsdErrors(xml: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'fatturapa-'));
  const file = join(dir, 'invoice.xml');
  try {
    writeFileSync(file, xml);
    execFileSync('xmllint', ['--nonet', '--noout', '--schema', FATTURAPA_XSD, file], { stdio: 'pipe' });
    return '';
  } catch (error) {
    const e = error as { stderr?: Buffer; message: string };
    return e.stderr?.toString() || e.message;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

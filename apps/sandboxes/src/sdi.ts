import type { ServerResponse } from 'node:http';
import { randomId, router, sendJson, type Handler, type SandboxRequest } from './http.ts';

export interface SdiSandboxOptions {
  apiKey: string;
  /** How long the "SdI" takes before its notification (0: at the first question). */
  processingMs?: number;
  log?: (line: string) => void;
}

type Outcome = { status: 'delivered'; type: 'RC'; errors: [] } | { status: 'not_delivered'; type: 'MC'; errors: SdiError[] } | { status: 'rejected'; type: 'NS'; errors: SdiError[] };
interface SdiError {
  code: string;
  description: string;
}

interface Transmission {
  id: string;
  fileName: string;
  sdiId: string;
  receivedAt: number;
  outcome: Outcome;
}

/** The FatturaPA file name: IT + the sender's id, `_`, a five-character progressive. */
const FILE_NAME = /^[A-Z]{2}[0-9A-Za-z]{1,28}_[0-9A-Za-z]{1,5}\.xml$/;

/**
 * What the SdI would say about a file, by a few of its real checks: a name already received
 * (00002), a name or content not in the FatturaPA format (00001, 00200); then a buyer with neither
 * a recipient code nor a PEC (a consumer, `0000000`) cannot be delivered to (MC: the invoice
 * waits in the buyer's reserved area), anything else is delivered (RC).
 */
function judge(fileName: string, xml: string, seen: ReadonlySet<string>): Outcome {
  if (seen.has(fileName)) return { status: 'rejected', type: 'NS', errors: [{ code: '00002', description: 'Nome file duplicato' }] };
  if (!FILE_NAME.test(fileName)) return { status: 'rejected', type: 'NS', errors: [{ code: '00001', description: 'Nome file non valido' }] };
  if (!/<([\w-]+:)?FatturaElettronica[\s>][\s\S]*<\/([\w-]+:)?FatturaElettronica>\s*$/.test(xml)) {
    return { status: 'rejected', type: 'NS', errors: [{ code: '00200', description: 'File non conforme al formato' }] };
  }
  const recipient = /<CodiceDestinatario>([^<]*)<\/CodiceDestinatario>/.exec(xml)?.[1];
  if (recipient === '0000000' && !/<PECDestinatario>/.test(xml)) {
    return { status: 'not_delivered', type: 'MC', errors: [{ code: 'MC', description: 'Recapito non possibile: la fattura è a disposizione del cessionario nella sua area riservata' }] };
  }
  return { status: 'delivered', type: 'RC', errors: [] };
}

/**
 * An SdI intermediary's REST API in a test environment (ADR 0030): nothing reaches the Agenzia
 * delle Entrate. `POST /invoices {fileName, xml (base64)}` with `Authorization: Bearer <key>` takes
 * a file (201 `{id, status: 'sent'}`); `GET /invoices/:id` answers its state with the SdI's
 * notifications (RC, MC, NS with error codes) once `processingMs` have passed.
 */
export function sdiSandbox(options: SdiSandboxOptions): Handler {
  const transmissions = new Map<string, Transmission>();
  const names = new Set<string>();
  const processingMs = options.processingMs ?? 0;

  const authorized = (req: SandboxRequest, res: ServerResponse) => {
    if (req.headers.authorization === `Bearer ${options.apiKey}`) return true;
    sendJson(res, 401, { error: 'unauthorized', message: 'Chiave API mancante o non valida' });
    return false;
  };

  const present = (t: Transmission) => {
    const done = Date.now() - t.receivedAt >= processingMs;
    return {
      id: t.id,
      fileName: t.fileName,
      environment: 'test',
      status: done ? t.outcome.status : 'sent',
      notifications: done ? [{ type: t.outcome.type, sdiId: t.sdiId, at: new Date(t.receivedAt + processingMs).toISOString(), errors: t.outcome.errors }] : [],
    };
  };

  return router({
    'POST /invoices': (req, res) => {
      if (!authorized(req, res)) return;
      let body: { fileName?: unknown; xml?: unknown };
      try {
        body = JSON.parse(req.body) as typeof body;
      } catch {
        return sendJson(res, 400, { error: 'bad_request', message: 'Corpo JSON non valido' });
      }
      if (typeof body.fileName !== 'string' || typeof body.xml !== 'string') return sendJson(res, 422, { error: 'invalid', message: 'fileName e xml (base64) sono obbligatori' });
      const xml = Buffer.from(body.xml, 'base64').toString('utf8');
      const t: Transmission = { id: randomId('sandbox-', 8), fileName: body.fileName, sdiId: String(Math.floor(Math.random() * 1e9)), receivedAt: Date.now(), outcome: judge(body.fileName, xml, names) };
      if (t.outcome.status !== 'rejected') names.add(t.fileName);
      transmissions.set(t.id, t);
      options.log?.(`SdI sandbox: ${t.fileName} received, it will be ${t.outcome.status}`);
      sendJson(res, 201, present(t));
    },
    'GET /invoices/:id': (req, res, [id]) => {
      if (!authorized(req, res)) return;
      const t = transmissions.get(id!);
      if (!t) return sendJson(res, 404, { error: 'not_found', message: 'Trasmissione non trovata' });
      sendJson(res, 200, present(t));
    },
  });
}

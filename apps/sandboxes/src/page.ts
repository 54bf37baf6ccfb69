/**
 * The approval pages the buyer meets at a sandbox "provider": plain, accessible HTML (one h1, a
 * landmark, labelled buttons, enough contrast) and marked everywhere as a test environment.
 */
const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const euros = (cents: number) =>
  new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' }).format(cents / 100);

export interface Choice {
  action: string;
  label: string;
  primary?: boolean;
}

export interface ApprovalPage {
  provider: string;
  title: string;
  /** Lines describing the payment (escaped). */
  details: readonly string[];
  /** Where the buttons post. */
  action: string;
  choices: readonly Choice[];
  /** An alert above the buttons (a declined card). */
  alert?: string;
}

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1a1a1a;background:#f4f4f6}
.test{background:#7a2e00;color:#fff;padding:.5rem 1rem;margin:0;font-weight:600}
main{max-width:32rem;margin:2rem auto;background:#fff;padding:1.5rem;border-radius:8px}
h1{font-size:1.4rem;margin-top:0}
.alert{border:2px solid #a40000;color:#a40000;padding:.5rem .75rem;border-radius:4px}
.choices{display:flex;flex-direction:column;gap:.75rem;margin-top:1.5rem}
button{font:inherit;padding:.75rem 1rem;border-radius:6px;border:2px solid #1d3c78;background:#fff;color:#1d3c78;cursor:pointer}
button.primary{background:#1d3c78;color:#fff}
button:focus-visible{outline:3px solid #e0a100;outline-offset:2px}`;

/** A complete approval page. */
export function approvalPage(page: ApprovalPage): string {
  const details = page.details.map((line) => `<p>${escape(line)}</p>`).join('');
  const buttons = page.choices
    .map((c) => `<button type="submit" name="action" value="${escape(c.action)}"${c.primary ? ' class="primary"' : ''}>${escape(c.label)}</button>`)
    .join('');
  return `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(page.title)} – ${escape(page.provider)} (ambiente di prova)</title><style>${STYLE}</style></head>
<body><p class="test" role="note">${escape(page.provider)} – ambiente di prova: nessun pagamento reale</p>
<main><h1>${escape(page.title)}</h1>${details}${page.alert ? `<p class="alert" role="alert">${escape(page.alert)}</p>` : ''}
<form method="post" action="${escape(page.action)}"><div class="choices">${buttons}</div></form></main></body></html>`;
}

/** A page with a message only (a payment that can no longer be approved). */
export function messagePage(provider: string, title: string, message: string): string {
  return `<!doctype html><html lang="it"><head><meta charset="utf-8"><title>${escape(title)} – ${escape(provider)} (ambiente di prova)</title><style>${STYLE}</style></head>
<body><p class="test" role="note">${escape(provider)} – ambiente di prova: nessun pagamento reale</p><main><h1>${escape(title)}</h1><p>${escape(message)}</p></main></body></html>`;
}

export function sendHtml(res: import('node:http').ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html), 'cache-control': 'no-store' });
  res.end(html);
}

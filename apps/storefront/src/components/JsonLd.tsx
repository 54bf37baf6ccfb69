/**
 * Structured data as a JSON-LD script (Next's JSON-LD guide): `<` is escaped so catalogue text
 * can never close the script element.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />;
}

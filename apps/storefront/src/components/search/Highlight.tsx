import { highlightSegments } from '@/lib/search/highlight.ts';

/** A text with the search's matched words in <mark> (plain React text, never HTML). */
export function Highlight({ text, words }: { text: string; words: readonly string[] }) {
  return (
    <>
      {highlightSegments(text, words).map((segment, index) =>
        segment.match ? <mark key={index}>{segment.text}</mark> : segment.text,
      )}
    </>
  );
}

import { highlightParts } from '../../lib/browser/highlight';

/** Text with the keyword wrapped in <mark>; React escapes every part, so titles and snippets stay text. */
export default function Highlighted({ text, keyword }: { text: string; keyword: string }) {
  return (
    <>
      {highlightParts(text, keyword).map((part, i) =>
        part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
      )}
    </>
  );
}

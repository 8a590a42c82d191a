import { useEffect, useRef, useState } from 'react';

/**
 * The text of a search box whose value lives in the address (`current`, e.g. ?q=): what is typed
 * shows at once, and `write` puts it into the address (and so the request follows) once typing
 * pauses for `delay` ms: one request per word, not per key. Any other change of the address's value
 * (a notification's link, Back) replaces what the box shows instead of being overwritten by it.
 */
export function useDebouncedSearchParam(current: string, write: (text: string) => void, delay: number): [string, (text: string) => void] {
  const [text, setText] = useState(current);
  // The value this hook last wrote into the address.
  const written = useRef(current);
  // The latest writer, so that a new one each render does not restart the pause.
  const writer = useRef(write);
  writer.current = write;
  useEffect(() => {
    if (current === written.current) return;
    written.current = current;
    setText(current);
  }, [current]);
  useEffect(() => {
    if (text === current) return;
    const timer = setTimeout(() => {
      written.current = text;
      writer.current(text);
    }, delay);
    return () => clearTimeout(timer);
  }, [text, current, delay]);
  return [text, setText];
}

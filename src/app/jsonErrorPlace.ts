/**
 * Where JSON.parse gave up, as a line and column (1-based), read from the engine's message.
 * The message itself is English in every browser and words it differently (V8: "at position
 * 1 (line 1 column 2)", Firefox: "at line 1 column 2 of the JSON data", older V8: only
 * "at position 1"), so only its numbers are kept; the page says the rest in its own
 * language. Null when the message names no place (Safari names none).
 */
export function jsonErrorPlace(message: string, text: string): { line: number; column: number } | null {
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) return { line: Number(lineColumn[1]), column: Number(lineColumn[2]) };
  const position = /position (\d+)/.exec(message);
  if (position) return placeOf(text, Number(position[1]));
  // "Unexpected end of JSON input" (V8): the text stopped before the value was complete.
  if (/end of (?:JSON )?input/i.test(message)) return placeOf(text, text.length);
  return null;
}

function placeOf(text: string, offset: number): { line: number; column: number } {
  const lines = text.slice(0, offset).split('\n');
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}

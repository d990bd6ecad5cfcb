/**
 * A number (or a template parameter) followed by a word for cents, in any of the four
 * languages: what shipped text must never show, since amounts are spelled by formatMoney.
 * `分` followed by 钟/鐘/之 is minutes or a fraction, not cents.
 */
export const CENTS_WORD = /(?:\d[\d,.]*|\}\})\s*(?:¢|セント|美分|cents?\b|分(?![钟鐘之]))/;

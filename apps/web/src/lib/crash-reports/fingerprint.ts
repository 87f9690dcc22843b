/**
 * A crash's fingerprint: the same defect gives the same one whatever the page's numbers or the
 * build's line and column — a hash of the message's normalised form (numbers, hex ids and quoted
 * values masked, spaces collapsed) and of the top stack frame without its line, column or query.
 */

/** The message with what changes from one occurrence to the next masked. */
export function normaliseMessage(message: string): string {
  return message
    .replace(/(["'`]).*?\1/g, '$1…$1')
    .replace(/\b0x[0-9a-f]+\b/gi, '0x0')
    .replace(/\b[0-9a-f]{8,}\b/gi, 'h')
    .replace(/\d+/g, '0')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
}

/** The first frame of a V8 (`    at fn (url:1:2)`) or Firefox/Safari (`fn@url:1:2`) stack, without line and column. */
export function topFrame(stack: string | undefined): string {
  if (!stack) return '';
  const frame = stack
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line.startsWith('at ') || /^[^\s]*@/.test(line));
  if (!frame) return '';
  return frame
    .replace(/(:\d+){1,2}(\)?)$/, '$2')
    .replace(/\?[^\s):]*/g, '')
    .replace(/#[^\s):]*/g, '');
}

/** 64 bits of FNV-1a (two 32-bit lanes) as 16 lower-case hex digits. */
export function hash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  }
  const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');
  return hex(a) + hex(b);
}

export function fingerprintOf(message: string, stack: string | undefined): string {
  return hash(`${normaliseMessage(message)}\n${topFrame(stack)}`);
}

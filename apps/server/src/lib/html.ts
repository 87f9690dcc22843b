/** Text for HTML (element content and double- or single-quoted attribute values). */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export { PopupHost } from './popup-host';
export { openPopup, usePopup, usePopupStore, type PopupOptions, type PopupResult } from './popup-store';
export { sanitizePopupHtml } from './sanitize';

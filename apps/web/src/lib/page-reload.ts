/** Reloads the page (after a failure the app cannot recover from in place); tests replace it. */
export const pageReload = {
  reload(): void {
    window.location.reload();
  },
};

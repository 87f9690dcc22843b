/** Leaves the app for another site (a social provider's sign-in page); tests replace it. */
export const externalNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

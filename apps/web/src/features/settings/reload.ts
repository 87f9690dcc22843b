/**
 * How the settings page restarts the app: a full load of the origin, so that startup fetches the
 * chosen language's translations. An object, so that tests replace `assign` (vi.spyOn).
 */
export const appReload = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/**
 * Sends the player to the identity provider's hosted flow (the sandbox's page under `npm start`) in this tab; the
 * page links back to the profile, which reads the new status. An object so tests can watch the navigation.
 */
export const hostedFlow = {
  open(url: string): void {
    window.location.assign(url);
  },
};
